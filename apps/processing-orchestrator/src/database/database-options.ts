import { serviceDataSourceOptions } from '@opp/persistence';
import { snapshotEntities, snapshotMigrations } from '@opp/snapshots';
import { ProcessingRequestOrmEntity } from '../processing-request/infrastructure/processing-request.orm-entity';
import { ProcessingTaskOrmEntity } from '../processing-request/infrastructure/processing-task.orm-entity';
import { CreateProcessingRequests1763700000500 } from './migrations/1763700000500-create-processing-requests';
import { UniqueProcessingRequestIds1763800005000 } from './migrations/1763800005000-unique-processing-request-ids';

export const SERVICE_NAME = 'processing-orchestrator';
export const entities = [...snapshotEntities, ProcessingRequestOrmEntity, ProcessingTaskOrmEntity];
export const migrations = [
  ...snapshotMigrations,
  CreateProcessingRequests1763700000500,
  UniqueProcessingRequestIds1763800005000,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
