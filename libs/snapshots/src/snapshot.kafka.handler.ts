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

/**
 * Keeps the local copies current. Snapshots are whole states with a version, so applying one is
 * idempotent and an older one never overwrites a newer: no inbox needed.
 */
@Controller()
export class SnapshotKafkaHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnMessage(ProjectSnapshotV1Message, { inbox: false })
  async project(@Payload() s: ProjectSnapshotV1): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO project_snapshots
         (id, name, public_key, signing_key_encrypted, callback_url, base_currency, settings, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, public_key = EXCLUDED.public_key,
         signing_key_encrypted = EXCLUDED.signing_key_encrypted, callback_url = EXCLUDED.callback_url,
         base_currency = EXCLUDED.base_currency, settings = EXCLUDED.settings,
         version = EXCLUDED.version, updated_at = EXCLUDED.updated_at
       WHERE project_snapshots.version < EXCLUDED.version`,
      [
        s.id,
        s.name,
        s.publicKey,
        s.signingKeyEncrypted,
        s.callbackUrl ?? null,
        s.baseCurrency,
        JSON.stringify(s.settings),
        s.version,
        s.updatedAt,
      ],
    );
  }

  @OnMessage(PartnerSnapshotV1Message, { inbox: false })
  async partner(@Payload() s: PartnerSnapshotV1): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO partner_snapshots (identifier, project_id, name, secret_encrypted, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (identifier) DO UPDATE SET
         project_id = EXCLUDED.project_id, name = EXCLUDED.name,
         secret_encrypted = EXCLUDED.secret_encrypted, version = EXCLUDED.version,
         updated_at = EXCLUDED.updated_at
       WHERE partner_snapshots.version < EXCLUDED.version`,
      [s.identifier, s.projectId, s.name ?? null, s.secretEncrypted, s.version, s.updatedAt],
    );
  }
}
