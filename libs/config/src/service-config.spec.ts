import { ConfigError } from './config-error';
import { loadConfig } from './load-config';
import { serviceConfig } from './service-config';

class PayoutsConfig extends serviceConfig('PAYOUTS', 3003, 'opp_payouts') {}

const PRODUCTION = {
  NODE_ENV: 'production',
  KAFKA_BROKERS: 'kafka:9092',
  SECRETS_KEYS: `k1:${Buffer.alloc(32, 2).toString('base64')}`,
  PAYOUTS_DATABASE_URL: 'postgres://app:pw@db:5432/payouts',
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(PayoutsConfig, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('serviceConfig', () => {
  it('reads the service port and database under its own prefix', () => {
    const config = loadConfig(PayoutsConfig, { NODE_ENV: 'development', PAYOUTS_PORT: '4100' });
    expect(config.port).toBe(4100);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/opp_payouts');
  });

  it('requires the database URL in production', () => {
    const { PAYOUTS_DATABASE_URL: _omitted, ...withoutDatabase } = PRODUCTION;
    expect(problemsOf(withoutDatabase)).toEqual(['PAYOUTS_DATABASE_URL is required']);
  });

  it('refuses the test-only outbox pause in production, and allows it elsewhere', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    expect(problemsOf({ ...PRODUCTION, OUTBOX_RELAY_PAUSED: 'true' })).toEqual([
      expect.stringMatching(/OUTBOX_RELAY_PAUSED/),
    ]);
    expect(
      loadConfig(PayoutsConfig, { NODE_ENV: 'test', OUTBOX_RELAY_PAUSED: 'true' })
        .outboxRelayPaused,
    ).toBe(true);
  });
});
