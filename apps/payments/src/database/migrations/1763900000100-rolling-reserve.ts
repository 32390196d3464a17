import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rolling reserve (ADR 0027): one row per completed payment that held a share of its net out
 * of the available balance, with the time it is due back. The return worker claims due rows with
 * `FOR UPDATE SKIP LOCKED`; a payment's reserve comes back at most once, whatever runs twice:
 * - `rolling_reserve_holds.returned_transaction_id` is set in the same transaction as the return;
 * - one `rolling_reserve` transaction per payment (partial unique index on `reference_id`);
 * - one entry per transaction and kind (`journal_entries_once_per_kind`).
 */
export class RollingReserve1763900000100 implements MigrationInterface {
  name = 'RollingReserve1763900000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rolling_reserve_holds (
        payment_id bigint PRIMARY KEY REFERENCES transactions (id),
        project_id int NOT NULL,
        currency char(3) NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        release_at timestamptz NOT NULL,
        returned_transaction_id bigint UNIQUE REFERENCES transactions (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE INDEX rolling_reserve_holds_due ON rolling_reserve_holds (release_at)
      WHERE returned_transaction_id IS NULL`);
    await q.query(`
      CREATE UNIQUE INDEX transactions_one_reserve_return_per_payment ON transactions (reference_id)
      WHERE type = 'rolling_reserve'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transactions_one_reserve_return_per_payment`);
    await q.query(`DROP TABLE rolling_reserve_holds`);
  }
}
