import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the lease of a claimed delivery runs out, in wall-clock time (ADR 0069: leases keep the wall
 * clock). `next_attempt_at` is in the project's time, which an advance of a sandbox clock moves on
 * at once; an attempt in flight is held by this instead, so no advance hands it to another claim.
 * Null when no attempt is in flight.
 */
export class DeliveryLeasedUntil1765000000100 implements MigrationInterface {
  name = 'DeliveryLeasedUntil1765000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deliveries ADD COLUMN leased_until timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deliveries DROP COLUMN leased_until`);
  }
}
