import { loadConfig } from '@opp/config';
import { UsersRecurringConfig } from './users-recurring.config';

describe('UsersRecurringConfig: keys by service (ADR 0063)', () => {
  it('starts in production without SECRETS_KEYS: users-recurring holds no key', () => {
    const config = loadConfig(UsersRecurringConfig, {
      NODE_ENV: 'production',
      KAFKA_BROKERS: 'kafka:9092',
      USERS_RECURRING_DATABASE_URL: 'postgres://u:pw@db.internal:5432/users',
    });
    expect(config).not.toHaveProperty('secretsKeys');
  });
});
