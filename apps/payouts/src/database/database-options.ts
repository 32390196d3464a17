import { serviceDataSourceOptions } from '@opp/persistence';
import { snapshotEntities, snapshotMigrations } from '@opp/snapshots';
import { CreatePayoutOrders1763800006000 } from './migrations/1763800006000-create-payout-orders';
import { CreatePayoutFlows1764200007200 } from './migrations/1764200007200-create-payout-flows';

export const SERVICE_NAME = 'payouts';
export const entities = [...snapshotEntities];
export const migrations = [
  ...snapshotMigrations,
  CreatePayoutOrders1763800006000,
  CreatePayoutFlows1764200007200,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
