import { serviceDataSourceOptions } from '@opp/persistence';
import { snapshotEntities, snapshotMigrations } from '@opp/snapshots';
import { DeliveryAttemptOrmEntity } from '../delivery/infrastructure/delivery-attempt.orm-entity';
import { DeliveryOrmEntity } from '../delivery/infrastructure/delivery.orm-entity';
import { CreateDeliveries1763700000400 } from './migrations/1763700000400-create-deliveries';
import { DeliveryOrigin1763700000410 } from './migrations/1763700000410-delivery-origin';

export const SERVICE_NAME = 'notifier';
export const entities = [...snapshotEntities, DeliveryOrmEntity, DeliveryAttemptOrmEntity];
export const migrations = [
  ...snapshotMigrations,
  CreateDeliveries1763700000400,
  DeliveryOrigin1763700000410,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
