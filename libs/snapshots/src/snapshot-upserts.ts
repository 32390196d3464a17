import type { DataSource } from 'typeorm';
import type { PartnerSnapshotFieldsV1, ProjectSnapshotFieldsV1 } from '@opp/contracts';

/**
 * Applies a project snapshot: whole states with a version, so applying one is idempotent and an
 * older one never overwrites a newer. `signingKeyEncrypted` is null in every service but the
 * notifier (ADR 0063).
 */
export async function upsertProjectSnapshot(
  dataSource: DataSource,
  s: ProjectSnapshotFieldsV1,
  signingKeyEncrypted: string | null,
): Promise<void> {
  await dataSource.query(
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
      signingKeyEncrypted,
      s.callbackUrl ?? null,
      s.baseCurrency,
      JSON.stringify(s.settings),
      s.version,
      s.updatedAt,
    ],
  );
}

/** Applies a partner snapshot; `secretEncrypted` is null in every service but the notifier. */
export async function upsertPartnerSnapshot(
  dataSource: DataSource,
  s: PartnerSnapshotFieldsV1,
  secretEncrypted: string | null,
): Promise<void> {
  await dataSource.query(
    `INSERT INTO partner_snapshots (identifier, project_id, name, secret_encrypted, version, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (identifier) DO UPDATE SET
       project_id = EXCLUDED.project_id, name = EXCLUDED.name,
       secret_encrypted = EXCLUDED.secret_encrypted, version = EXCLUDED.version,
       updated_at = EXCLUDED.updated_at
     WHERE partner_snapshots.version < EXCLUDED.version`,
    [s.identifier, s.projectId, s.name ?? null, secretEncrypted, s.version, s.updatedAt],
  );
}
