import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the automatic charge in flight started, in its project's time (ADR 0069): its outcome is
 * recorded at that time for a project whose sandbox clock was advanced, so an advance runs the
 * periods and retries in between one after the other.
 */
export class SubscriptionChargeStartedAt1764990000300 implements MigrationInterface {
  name = 'SubscriptionChargeStartedAt1764990000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions ADD COLUMN charge_started_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions DROP COLUMN charge_started_at`);
  }
}
