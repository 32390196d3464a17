import { assertDatabaseName, databaseUrl } from './databases';

describe('databaseUrl', () => {
  it('points the admin URL at another database and keeps credentials and options', () => {
    expect(databaseUrl('postgres://u:p@db:5433/postgres?sslmode=disable', 'opp_payments')).toBe(
      'postgres://u:p@db:5433/opp_payments?sslmode=disable',
    );
  });

  it('refuses names that would need quoting tricks', () => {
    expect(() => assertDatabaseName('opp"; DROP')).toThrow(/Invalid database name/);
    expect(() => assertDatabaseName('x'.repeat(64))).toThrow(/Invalid database name/);
    expect(assertDatabaseName('opp_t_a_payments')).toBe('opp_t_a_payments');
  });
});
