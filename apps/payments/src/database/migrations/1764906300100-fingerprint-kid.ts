import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The card fingerprint key rotates (ADR 0063): each vault row records the kid of the key its
 * fingerprint was made with, so the re-fingerprinting worker finds the rows left to move. NULL is
 * a row from before, re-fingerprinted like one of an old key.
 */
export class FingerprintKid1764906300100 implements MigrationInterface {
  name = 'FingerprintKid1764906300100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE vault_cards ADD COLUMN fingerprint_kid text`);
    await q.query(`CREATE INDEX vault_cards_fingerprint_kid ON vault_cards (fingerprint_kid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX vault_cards_fingerprint_kid`);
    await q.query(`ALTER TABLE vault_cards DROP COLUMN fingerprint_kid`);
  }
}
