import { serviceConfig } from '@opp/config';

export class UsersRecurringConfig extends serviceConfig(
  'USERS_RECURRING',
  3001,
  'opp_users_recurring',
) {}
