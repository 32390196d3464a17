import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payout orders on the payouts side (ADR 0060). The id is the payout id payments gave when it
 * reserved the funds, so a redelivered reservation event creates no second order.
 */
export class CreatePayoutOrders1763800006000 implements MigrationInterface {
  name = 'CreatePayoutOrders1763800006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payout_orders (
        id bigint PRIMARY KEY,
        project_id int NOT NULL,
        type_key text NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        account_display text NOT NULL,
        status text NOT NULL CHECK (status IN ('processing', 'completed', 'failed', 'cancelled')),
        settle_at timestamptz NOT NULL,
        settled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE INDEX payout_orders_to_settle ON payout_orders (settle_at) WHERE status = 'processing'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payout_orders`);
  }
}
