import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The card vault. PAN only encrypted (KeyRing) with a keyed fingerprint for look-ups; the first six
 * and last four digits are all that is kept in clear. A security code lives only in a temporary
 * token, encrypted, and the checks make a used or permanent token unable to hold one.
 */
export class CreateCardVault1763700000310 implements MigrationInterface {
  name = 'CreateCardVault1763700000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE vault_cards (
        id uuid PRIMARY KEY,
        project_id int NOT NULL,
        pan_encrypted text NOT NULL,
        pan_fingerprint text NOT NULL,
        first_six text NOT NULL,
        last_four text NOT NULL,
        pan_length int NOT NULL,
        scheme text NOT NULL,
        expiration_month int NOT NULL,
        expiration_year int NOT NULL,
        holder text,
        bank_name text NOT NULL,
        country text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT vault_cards_one_per_card
          UNIQUE (project_id, pan_fingerprint, expiration_month, expiration_year)
      )`);
    await q.query(`
      CREATE TABLE card_tokens (
        id text PRIMARY KEY,
        project_id int NOT NULL,
        card_id uuid NOT NULL REFERENCES vault_cards (id),
        kind text NOT NULL CHECK (kind IN ('temporary', 'permanent')),
        security_code_encrypted text,
        expires_at timestamptz,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT card_tokens_code_only_temporary
          CHECK (kind = 'temporary' OR security_code_encrypted IS NULL),
        CONSTRAINT card_tokens_code_erased_on_use
          CHECK (used_at IS NULL OR security_code_encrypted IS NULL),
        CONSTRAINT card_tokens_temporary_expire CHECK (kind = 'permanent' OR expires_at IS NOT NULL)
      )`);
    // The sweep that erases expired security codes reads only tokens still holding one.
    await q.query(`
      CREATE INDEX card_tokens_holding_code ON card_tokens (expires_at)
      WHERE security_code_encrypted IS NOT NULL`);
    await q.query(`CREATE INDEX card_tokens_card ON card_tokens (card_id, kind)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE card_tokens`);
    await q.query(`DROP TABLE vault_cards`);
  }
}
