import { serviceDataSourceOptions } from '@opp/persistence';
import { snapshotEntities, snapshotMigrations } from '@opp/snapshots';
import { UserReadModelOrmEntity } from '../user/infrastructure/user-read-model.orm-entity';
import { CreateUsersReadModel1763700000300 } from './migrations/1763700000300-create-users-read-model';

export const SERVICE_NAME = 'payments';
export const entities = [...snapshotEntities, UserReadModelOrmEntity];
export const migrations = [...snapshotMigrations, CreateUsersReadModel1763700000300];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
