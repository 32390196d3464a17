import { serviceDataSourceOptions } from '@opp/persistence';
import { ProjectClocks1764990000000 } from '@opp/snapshots';
import { CreateUsers1763700000100 } from './migrations/1763700000100-create-users';
import { CreateSubscriptions1763700000110 } from './migrations/1763700000110-create-subscriptions';
import { RecurringSchedule1763800004000 } from './migrations/1763800004000-recurring-schedule';
import { RecurringChargeFlows1764300000100 } from './migrations/1764300000100-recurring-charge-flows';
import { SubscriptionChargeStartedAt1764990000300 } from './migrations/1764990000300-subscription-charge-started-at';

export const SERVICE_NAME = 'users-recurring';
// Every table is reached by typed SQL (ADR 0031): no ORM entities of its own.
export const entities = [];
export const migrations = [
  CreateUsers1763700000100,
  CreateSubscriptions1763700000110,
  RecurringSchedule1763800004000,
  RecurringChargeFlows1764300000100,
  // Sandbox project clocks drive the recurring schedule (ADR 0069).
  ProjectClocks1764990000000,
  SubscriptionChargeStartedAt1764990000300,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
