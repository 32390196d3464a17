import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery that ends wakes the schedulers when a pending one waits for it (ADR 0010): one about
 * its subject, found by deliveries_pending_by_subject, or one following it (a refund's callback
 * after its payment's), found by this index rather than by a scan of every delivery.
 */
export class DeliveryPendingByFollows1765000000300 implements MigrationInterface {
  name = 'DeliveryPendingByFollows1765000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX deliveries_pending_by_follows ON deliveries (project_id, follows, created_at)
         WHERE status = 'pending' AND follows IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX deliveries_pending_by_follows`);
  }
}
