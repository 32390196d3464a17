import { loadConfig } from '@opp/config';
import { PayoutsConfig } from './payouts.config';

describe('PayoutsConfig: keys by service (ADR 0063)', () => {
  it('starts in production without SECRETS_KEYS: payouts holds no key', () => {
    const config = loadConfig(PayoutsConfig, {
      NODE_ENV: 'production',
      KAFKA_BROKERS: 'kafka:9092',
      PAYOUTS_DATABASE_URL: 'postgres://p:pw@db.internal:5432/payouts',
    });
    expect(config).not.toHaveProperty('secretsKeys');
  });

  it('does not read SECRETS_KEYS even when the environment holds it', () => {
    const config = loadConfig(PayoutsConfig, {
      NODE_ENV: 'development',
      SECRETS_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
    });
    expect(config).not.toHaveProperty('secretsKeys');
  });
});
