import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery keeps the correlation id and trace context of the message that created it: attempts
 * run later, from the scheduler, and their logs and client spans belong to that origin.
 */
export class DeliveryOrigin1763700000410 implements MigrationInterface {
  name = 'DeliveryOrigin1763700000410';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE deliveries
        ADD COLUMN correlation_id text,
        ADD COLUMN traceparent text,
        ADD COLUMN tracestate text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE deliveries
        DROP COLUMN tracestate,
        DROP COLUMN traceparent,
        DROP COLUMN correlation_id`);
  }
}
