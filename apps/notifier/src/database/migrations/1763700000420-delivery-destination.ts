import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The destination (scheme, host, port) of an HTTP delivery, so that the deliveries waiting for an
 * open circuit breaker move in one statement (ADR 0033). Rows from before get the URL's authority.
 */
export class DeliveryDestination1763700000420 implements MigrationInterface {
  name = 'DeliveryDestination1763700000420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deliveries ADD COLUMN destination text`);
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
    await q.query(`ALTER TABLE deliveries DROP COLUMN destination`);
  }
}
