import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import {
  PartnerSnapshotV1Message,
  ProjectSnapshotV1Message,
  type PartnerSnapshotV1,
  type ProjectSnapshotV1,
} from '@opp/contracts';
import { OnMessage } from '@opp/messaging';
import { upsertPartnerSnapshot, upsertProjectSnapshot } from './snapshot-upserts';

/**
 * Keeps the local copies current in the services that do not sign. Snapshots are whole states with
 * a version: no inbox needed. A secret in a record published before ADR 0063 is not kept.
 */
@Controller()
export class SnapshotKafkaHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnMessage(ProjectSnapshotV1Message, { inbox: false })
  project(@Payload() s: ProjectSnapshotV1): Promise<void> {
    return upsertProjectSnapshot(this.dataSource, s, null);
  }

  @OnMessage(PartnerSnapshotV1Message, { inbox: false })
  partner(@Payload() s: PartnerSnapshotV1): Promise<void> {
    return upsertPartnerSnapshot(this.dataSource, s, null);
  }
}
