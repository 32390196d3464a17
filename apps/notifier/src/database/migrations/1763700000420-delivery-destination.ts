import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The destination (scheme, host, port) of an HTTP delivery, so that the deliveries waiting for an
 * open circuit breaker move in one statement, and the start of its retry cycle, which bounds how
 * long it is held (ADR 0033). Rows from before get the URL's authority and their creation time.
 */
export class DeliveryDestination1763700000420 implements MigrationInterface {
  name = 'DeliveryDestination1763700000420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE deliveries
        ADD COLUMN destination text,
        ADD COLUMN cycle_started_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`UPDATE deliveries SET cycle_started_at = created_at`);
    await q.query(`
      UPDATE deliveries SET destination = substring(lower(target) from '^https?://[^/?#]+')
      WHERE method <> 'SMTP'`);
    await q.query(
      `CREATE INDEX deliveries_pending_destination ON deliveries (destination, next_attempt_at)
       WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX deliveries_pending_destination`);
    await q.query(`ALTER TABLE deliveries DROP COLUMN cycle_started_at, DROP COLUMN destination`);
  }
}
