import { Module } from '@nestjs/common';
import { PartnerSnapshotOrmEntity } from './partner-snapshot.orm-entity';
import { ProjectSnapshotOrmEntity } from './project-snapshot.orm-entity';
import { SnapshotKafkaHandler } from './snapshot.kafka.handler';
import { SnapshotsSchema1763700000050 } from './snapshots-schema.migration';

/** Entities and migration a service adds to its database to keep project and partner read models. */
export const snapshotEntities = [ProjectSnapshotOrmEntity, PartnerSnapshotOrmEntity];
export const snapshotMigrations = [SnapshotsSchema1763700000050];

@Module({ controllers: [SnapshotKafkaHandler] })
export class SnapshotsModule {}
