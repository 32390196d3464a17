import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row keeps the correlation id and the W3C trace context of the transaction that wrote
 * it, so the relay sends them as Kafka headers whenever it runs (after a restart too) and the
 * consumer continues the same trace. Shared by every service's migrations, like the outbox itself.
 */
export class OutboxTraceContext1763700000010 implements MigrationInterface {
  name = 'OutboxTraceContext1763700000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE outbox_messages
        ADD COLUMN correlation_id text,
        ADD COLUMN traceparent text,
        ADD COLUMN tracestate text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE outbox_messages
        DROP COLUMN tracestate,
        DROP COLUMN traceparent,
        DROP COLUMN correlation_id`);
  }
}
