import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Envelope encryption of the vault (docs/security/key-hierarchy.md): each row records the
 * key-encryption key its data key is wrapped under, so the key rotation worker finds the rows
 * still under an older KEK, and a KEK is known to be unused before it is retired. Rows written
 * before envelopes keep NULL (legacy values); the worker converts them.
 */
export class RecordCardDataKek1763800001000 implements MigrationInterface {
  name = 'RecordCardDataKek1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE vault_cards ADD COLUMN kek_id text`);
    await q.query(`ALTER TABLE card_tokens ADD COLUMN kek_id text`);
    await q.query(`CREATE INDEX vault_cards_kek ON vault_cards (kek_id)`);
    await q.query(
      `CREATE INDEX card_tokens_kek ON card_tokens (kek_id) WHERE security_code_encrypted IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE card_tokens DROP COLUMN kek_id`);
    await q.query(`ALTER TABLE vault_cards DROP COLUMN kek_id`);
  }
}
