import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import {
  PartnerSigningSnapshotV1Message,
  ProjectSigningSnapshotV1Message,
  type PartnerSigningSnapshotV1,
  type ProjectSigningSnapshotV1,
} from '@opp/contracts';
import { OnMessage } from '@opp/messaging';
import { upsertPartnerSnapshot, upsertProjectSnapshot } from './snapshot-upserts';

/**
 * Keeps the local copies current, with their encrypted secrets, in the service that signs with
 * them: the notifier alone (ADR 0063).
 */
@Controller()
export class SigningSnapshotKafkaHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnMessage(ProjectSigningSnapshotV1Message, { inbox: false })
  project(@Payload() s: ProjectSigningSnapshotV1): Promise<void> {
    return upsertProjectSnapshot(this.dataSource, s, s.signingKeyEncrypted);
  }

  @OnMessage(PartnerSigningSnapshotV1Message, { inbox: false })
  partner(@Payload() s: PartnerSigningSnapshotV1): Promise<void> {
    return upsertPartnerSnapshot(this.dataSource, s, s.secretEncrypted);
  }
}
