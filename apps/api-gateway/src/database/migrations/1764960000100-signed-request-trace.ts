import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0066: a stored signed request keeps what the money trace shows of it, written by the same
 * statement that stores its answer (no extra round trip): method and path, the parameters with
 * card data masked and the signature left out, the latency of the first answer, how many times it
 * was replayed, and the transaction it answered or named, so the trace finds it by transaction or
 * order id.
 */
export class SignedRequestTrace1764960000100 implements MigrationInterface {
  name = 'SignedRequestTrace1764960000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE signed_requests
        ADD COLUMN method text,
        ADD COLUMN path text,
        ADD COLUMN params_masked jsonb,
        ADD COLUMN latency_ms int,
        ADD COLUMN replays int NOT NULL DEFAULT 0,
        ADD COLUMN transaction_id bigint,
        ADD COLUMN named_transaction_id bigint,
        ADD COLUMN order_id text`);
    await q.query(`
      CREATE INDEX signed_requests_transaction ON signed_requests (transaction_id)
        WHERE transaction_id IS NOT NULL`);
    await q.query(`
      CREATE INDEX signed_requests_named_transaction ON signed_requests (named_transaction_id)
        WHERE named_transaction_id IS NOT NULL`);
    await q.query(`
      CREATE INDEX signed_requests_order ON signed_requests (project_id, order_id)
        WHERE order_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE signed_requests
        DROP COLUMN method, DROP COLUMN path, DROP COLUMN params_masked, DROP COLUMN latency_ms,
        DROP COLUMN replays, DROP COLUMN transaction_id, DROP COLUMN named_transaction_id,
        DROP COLUMN order_id`);
  }
}
