import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card transactions. `id` is a bigint the gateway shows as a JSON number (ADR 0003: below 2^53).
 * Money in minor units; the fee too (decimal(12,4) is only how it is shown). One accepted request
 * makes at most one transaction: (project, idempotency key) is unique.
 */
export class CreateTransactions1763700000320 implements MigrationInterface {
  name = 'CreateTransactions1763700000320';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions (
        id bigserial PRIMARY KEY,
        project_id int NOT NULL,
        idempotency_key text NOT NULL,
        order_id text,
        reference_id bigint REFERENCES transactions (id),
        type text NOT NULL,
        method text NOT NULL,
        status text NOT NULL,
        original_status text NOT NULL,
        reason text,
        price_minor bigint NOT NULL CHECK (price_minor >= 0),
        fee_minor bigint NOT NULL,
        currency char(3) NOT NULL,
        description text NOT NULL,
        user_id text NOT NULL,
        user_snapshot jsonb NOT NULL,
        card_id uuid NOT NULL REFERENCES vault_cards (id),
        card_view jsonb NOT NULL,
        attributes jsonb NOT NULL,
        sandbox boolean NOT NULL,
        options jsonb NOT NULL,
        permanent_token_id text REFERENCES card_tokens (id),
        recurring jsonb,
        md text UNIQUE,
        pa_req text,
        term_url text,
        settle_at timestamptz,
        task_id uuid,
        task_global_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT transactions_once_per_request UNIQUE (project_id, idempotency_key),
        CONSTRAINT transactions_id_fits_json CHECK (id < 9007199254740992)
      )`);
    await q.query(`CREATE INDEX transactions_order ON transactions (project_id, order_id, id)`);
    await q.query(`CREATE INDEX transactions_created ON transactions (project_id, created_at)`);
    await q.query(`
      CREATE INDEX transactions_to_settle ON transactions (settle_at) WHERE status = 'processing'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transactions`);
  }
}
