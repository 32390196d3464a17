import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Callbacks in order per payment (ADR 0010): `follows` names the transaction whose callbacks a
 * delivery comes after (a refund's payment), and no attempt starts while an older delivery of the
 * same project about its own subject or that one is pending. The index finds those quickly.
 */
export class DeliveryFollows1765000000200 implements MigrationInterface {
  name = 'DeliveryFollows1765000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deliveries ADD COLUMN follows text`);
    await q.query(
      `CREATE INDEX deliveries_pending_by_subject ON deliveries (project_id, subject, created_at)
         WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX deliveries_pending_by_subject`);
    await q.query(`ALTER TABLE deliveries DROP COLUMN follows`);
  }
}
