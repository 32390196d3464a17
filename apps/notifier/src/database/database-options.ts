import { serviceDataSourceOptions } from '@opp/persistence';
import {
  PartnerSnapshotsNotify1764300000000,
  ProjectSnapshotsNotify1764100000100,
  ProjectClocks1764990000000,
  signingSnapshotMigrations,
  snapshotEntities,
} from '@opp/snapshots';
import { CreateDeliveries1763700000400 } from './migrations/1763700000400-create-deliveries';
import { DeliveryOrigin1763700000410 } from './migrations/1763700000410-delivery-origin';
import { DeliveryDestination1763700000420 } from './migrations/1763700000420-delivery-destination';
import { DeliveryAttemptDueAt1764990000200 } from './migrations/1764990000200-delivery-attempt-due-at';
import { DeliveryLeasedUntil1765000000100 } from './migrations/1765000000100-delivery-leased-until';
import { DeliveryFollows1765000000200 } from './migrations/1765000000200-delivery-follows';
import { DeliveryPendingByFollows1765000000300 } from './migrations/1765000000300-delivery-pending-by-follows';

export const SERVICE_NAME = 'notifier';
// The notifier's own tables are reached by typed SQL only (ADR 0031): no entities of its own.
export const entities = [...snapshotEntities];
export const migrations = [
  // The notifier signs: its read models keep the encrypted secrets (ADR 0063).
  ...signingSnapshotMigrations,
  CreateDeliveries1763700000400,
  DeliveryOrigin1763700000410,
  DeliveryDestination1763700000420,
  // Merchant callbacks cache what they read of a project, dropped by its NOTIFY (ADR 0065).
  ProjectSnapshotsNotify1764100000100,
  // Partner notifications cache what they read of a partner, dropped by its NOTIFY (ADR 0065).
  PartnerSnapshotsNotify1764300000000,
  // Sandbox project clocks drive the retries of their deliveries (ADR 0069).
  ProjectClocks1764990000000,
  DeliveryAttemptDueAt1764990000200,
  // A claim's lease runs out on the wall clock, whatever the project's clock does (ADR 0069).
  DeliveryLeasedUntil1765000000100,
  DeliveryFollows1765000000200,
  DeliveryPendingByFollows1765000000300,
];

export const databaseOptions = (url: string) =>
  serviceDataSourceOptions({ service: SERVICE_NAME, url, entities, migrations });
