import { serviceDataSourceOptions } from '@opp/persistence';
import { snapshotEntities, snapshotMigrations } from '@opp/snapshots';

export const SERVICE_NAME = 'processing-orchestrator';
export const entities = [...snapshotEntities];
export const migrations = [...snapshotMigrations];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
