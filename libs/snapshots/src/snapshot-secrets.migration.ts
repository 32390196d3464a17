import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snapshots carry no secret to a service that does not sign (ADR 0063): the secret columns hold a
 * value only in the notifier, fed by the signing snapshot topics.
 */
export class SnapshotSecretsNullable1764906300000 implements MigrationInterface {
  name = 'SnapshotSecretsNullable1764906300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE project_snapshots ALTER COLUMN signing_key_encrypted DROP NOT NULL`);
    await q.query(`ALTER TABLE partner_snapshots ALTER COLUMN secret_encrypted DROP NOT NULL`);
  }

  async down(): Promise<void> {
    // Rows without a secret cannot take NOT NULL back: nothing to undo safely.
  }
}

/**
 * In the services that do not sign (all but the notifier), the secrets earlier snapshots left in
 * the read models are removed (ADR 0063).
 */
export class SnapshotSecretsCleared1764906300010 implements MigrationInterface {
  name = 'SnapshotSecretsCleared1764906300010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE project_snapshots SET signing_key_encrypted = NULL
        WHERE signing_key_encrypted IS NOT NULL`,
    );
    await q.query(
      `UPDATE partner_snapshots SET secret_encrypted = NULL WHERE secret_encrypted IS NOT NULL`,
    );
  }

  async down(): Promise<void> {
    // The cleared secrets are gone from this database on purpose.
  }
}
