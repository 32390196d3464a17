import { ConfigError, loadConfig } from '@opp/config';
import { ProcessingOrchestratorConfig } from './processing-orchestrator.config';

const PRODUCTION = {
  NODE_ENV: 'production',
  KAFKA_BROKERS: 'kafka:9092',
  PROCESSING_ORCHESTRATOR_DATABASE_URL: 'postgres://o:pw@db.internal:5432/orchestrator',
};

describe('ProcessingOrchestratorConfig: keys by service (ADR 0063)', () => {
  it('needs SECRETS_KEYS in production: it encrypts its task payloads under it', () => {
    expect(() => loadConfig(ProcessingOrchestratorConfig, PRODUCTION)).toThrow(ConfigError);
    const ring = `k1:${Buffer.alloc(32, 5).toString('base64')}`;
    expect(
      loadConfig(ProcessingOrchestratorConfig, { ...PRODUCTION, SECRETS_KEYS: ring }).secretsKeys,
    ).toBe(ring);
  });
});
