import { APP_NAMES, SERVICES, databaseName, isAppName, serviceSpec } from './services';

describe('services table', () => {
  it('lists the six apps with the ports and databases of docs/CONVENTIONS.md', () => {
    expect(
      SERVICES.map((s) => [s.name, s.portEnv, s.defaultPort, s.databaseEnv, s.defaultDatabase]),
    ).toEqual([
      ['api-gateway', 'GATEWAY_PORT', 3000, 'GATEWAY_DATABASE_URL', 'opp_api_gateway'],
      [
        'users-recurring',
        'USERS_RECURRING_PORT',
        3001,
        'USERS_RECURRING_DATABASE_URL',
        'opp_users_recurring',
      ],
      ['payments', 'PAYMENTS_PORT', 3002, 'PAYMENTS_DATABASE_URL', 'opp_payments'],
      ['payouts', 'PAYOUTS_PORT', 3003, 'PAYOUTS_DATABASE_URL', 'opp_payouts'],
      ['notifier', 'NOTIFIER_PORT', 3004, 'NOTIFIER_DATABASE_URL', 'opp_notifier'],
      [
        'processing-orchestrator',
        'PROCESSING_ORCHESTRATOR_PORT',
        3005,
        'PROCESSING_ORCHESTRATOR_DATABASE_URL',
        'opp_processing_orchestrator',
      ],
    ]);
  });

  it('gives a test stack its own database names', () => {
    expect(databaseName('users-recurring', 'opp_t_refunds_')).toBe('opp_t_refunds_users_recurring');
  });

  it('recognises app names', () => {
    expect(APP_NAMES.every(isAppName)).toBe(true);
    expect(isAppName('gateway')).toBe(false);
    expect(serviceSpec('payouts').defaultPort).toBe(3003);
  });
});
