import { serviceDataSourceOptions } from '@opp/persistence';
import {
  ProjectSnapshotsNotify1764100000100,
  snapshotEntities,
  snapshotMigrations,
} from '@opp/snapshots';
import { CreateProcessingRequests1763700000500 } from './migrations/1763700000500-create-processing-requests';
import { UniqueProcessingRequestIds1763800005000 } from './migrations/1763800005000-unique-processing-request-ids';
import { ProcessingTimerNotify1763900039000 } from './migrations/1763900039000-processing-timer-notify';
import { TaskTransactions1764000000500 } from './migrations/1764000000500-task-transactions';

export const SERVICE_NAME = 'processing-orchestrator';
// Requests and tasks are read and written in SQL by their repositories (ADR 0031): no entities.
export const entities = [...snapshotEntities];
export const migrations = [
  ...snapshotMigrations,
  CreateProcessingRequests1763700000500,
  UniqueProcessingRequestIds1763800005000,
  ProcessingTimerNotify1763900039000,
  TaskTransactions1764000000500,
  // A submission's sandbox flag is cached, dropped by the snapshots' NOTIFY (ADR 0065).
  ProjectSnapshotsNotify1764100000100,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
