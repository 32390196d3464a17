import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reversals and one live payment per order id.
 * - `reversed_minor`: how much of a payment has been reversed so far, changed only under the
 *   payment's row lock; the CHECK is the database's own guard that reversals never exceed it.
 * - ADR 0014: within a project an order id names at most one live payment. "Live" is every status
 *   but the ones that ended without money (failed, cancelled, abandoned), so a payment being
 *   decided (opened) or later refunded still holds its order id. The partial unique index decides
 *   races between concurrent charges, not a read-then-write check.
 */
export class ReversalsAndLiveOrders1763800003000 implements MigrationInterface {
  name = 'ReversalsAndLiveOrders1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE transactions
        ADD COLUMN reversed_minor bigint NOT NULL DEFAULT 0,
        ADD CONSTRAINT transactions_reversed_within_price
          CHECK (reversed_minor >= 0 AND reversed_minor <= price_minor)`);
    await q.query(`
      CREATE UNIQUE INDEX transactions_one_live_payment_per_order
        ON transactions (project_id, order_id)
        WHERE type = 'payment' AND order_id IS NOT NULL
          AND status NOT IN ('failed', 'cancelled', 'abandoned')`);
    await q.query(`CREATE INDEX transactions_reference ON transactions (reference_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transactions_reference`);
    await q.query(`DROP INDEX transactions_one_live_payment_per_order`);
    await q.query(`
      ALTER TABLE transactions DROP CONSTRAINT transactions_reversed_within_price,
        DROP COLUMN reversed_minor`);
  }
}
