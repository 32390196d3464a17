import { Module } from '@nestjs/common';
import { PartnerSnapshotOrmEntity } from './partner-snapshot.orm-entity';
import { ProjectSnapshotOrmEntity } from './project-snapshot.orm-entity';
import { SigningSnapshotKafkaHandler } from './signing-snapshot.kafka.handler';
import { SnapshotKafkaHandler } from './snapshot.kafka.handler';
import {
  SnapshotSecretsCleared1764906300010,
  SnapshotSecretsNullable1764906300000,
} from './snapshot-secrets.migration';
import { SnapshotsSchema1763700000050 } from './snapshots-schema.migration';

/** Entities and migration a service adds to its database to keep project and partner read models. */
export const snapshotEntities = [ProjectSnapshotOrmEntity, PartnerSnapshotOrmEntity];
/** The migrations of a service that does not sign: secrets left by earlier snapshots are cleared. */
export const snapshotMigrations = [
  SnapshotsSchema1763700000050,
  SnapshotSecretsNullable1764906300000,
  SnapshotSecretsCleared1764906300010,
];
/** The migrations of the service that signs (the notifier): its secrets stay. */
export const signingSnapshotMigrations = [
  SnapshotsSchema1763700000050,
  SnapshotSecretsNullable1764906300000,
];

/** The read models without secrets, from the snapshot topics every service reads (ADR 0063). */
@Module({ controllers: [SnapshotKafkaHandler] })
export class SnapshotsModule {}

/**
 * The read models with the encrypted signing keys and partner secrets, from the signing snapshot
 * topics: only for the service that signs callbacks and notifications, the notifier (ADR 0063).
 */
@Module({ controllers: [SigningSnapshotKafkaHandler] })
export class SigningSnapshotsModule {}
