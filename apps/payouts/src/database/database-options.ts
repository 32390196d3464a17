import { serviceDataSourceOptions } from '@opp/persistence';
import { snapshotEntities, snapshotMigrations } from '@opp/snapshots';
import { CreatePayoutOrders1763800006000 } from './migrations/1763800006000-create-payout-orders';

export const SERVICE_NAME = 'payouts';
export const entities = [...snapshotEntities];
export const migrations = [...snapshotMigrations, CreatePayoutOrders1763800006000];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
