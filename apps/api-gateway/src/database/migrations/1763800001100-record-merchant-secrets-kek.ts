import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Envelope encryption of merchant secrets (docs/security/key-hierarchy.md): each project and
 * partner row records the key-encryption key its data keys are wrapped under, so the key rotation
 * worker finds rows under an older KEK and a KEK is known unused before it is retired. Rows from
 * before envelopes keep NULL (legacy values); the worker converts them.
 */
export class RecordMerchantSecretsKek1763800001100 implements MigrationInterface {
  name = 'RecordMerchantSecretsKek1763800001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN kek_id text`);
    await q.query(`ALTER TABLE partners ADD COLUMN kek_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE partners DROP COLUMN kek_id`);
    await q.query(`ALTER TABLE projects DROP COLUMN kek_id`);
  }
}
