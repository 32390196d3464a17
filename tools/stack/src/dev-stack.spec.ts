import { devStackOptions } from './dev-stack';

describe('devStackOptions', () => {
  it('uses the default ports and databases of the conventions', async () => {
    const options = devStackOptions(['api-gateway', 'payments'], {});
    expect(options.ports).toEqual({ 'api-gateway': 3000, payments: 3002 });
    expect(options.databaseUrlFor?.('payments', 'opp_payments')).toBe(
      'postgres://postgres@127.0.0.1:5432/opp_payments',
    );
    expect(options).toMatchObject({ prefix: '', nodeEnv: 'development', logLevel: 'info' });
  });

  it('lets the environment override ports, database URLs and the rest', () => {
    const options = devStackOptions(['payments'], {
      PAYMENTS_PORT: '4002',
      PAYMENTS_DATABASE_URL: 'postgres://x@db/pay',
      KAFKA_TOPIC_PREFIX: 'dev.',
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
    });
    expect(options.ports).toEqual({ payments: 4002 });
    expect(options.databaseUrlFor?.('payments', 'opp_payments')).toBe('postgres://x@db/pay');
    expect(options).toMatchObject({ prefix: 'dev.', nodeEnv: 'production', logLevel: 'debug' });
  });

  it('refuses a port that is not one', () => {
    expect(() => devStackOptions(['payments'], { PAYMENTS_PORT: 'abc' })).toThrow(/not a port/);
  });
});
