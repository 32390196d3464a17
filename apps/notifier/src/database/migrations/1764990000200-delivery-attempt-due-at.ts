import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the claimed attempt of a delivery fell due, in its project's time (ADR 0069): a delivery of
 * a sandbox project whose clock was advanced schedules its retry from there, so an advance runs
 * the retries that fell due in between one after the other, each at its own time.
 */
export class DeliveryAttemptDueAt1764990000200 implements MigrationInterface {
  name = 'DeliveryAttemptDueAt1764990000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deliveries ADD COLUMN attempt_due_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deliveries DROP COLUMN attempt_due_at`);
  }
}
