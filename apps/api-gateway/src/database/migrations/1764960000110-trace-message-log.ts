import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0066: the trace read model of the platform's messages, fed by the gateway's recorder from
 * the topics themselves (so partition and offset are the broker's): one row per message, found by
 * its key (transaction, payout or GlobalId) or by the correlation id of the request that caused
 * it. Kept 7 days.
 */
export class TraceMessageLog1764960000110 implements MigrationInterface {
  name = 'TraceMessageLog1764960000110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signed_requests ADD COLUMN correlation_id text`);
    await q.query(`
      CREATE TABLE trace_messages (
        topic text NOT NULL,
        partition int NOT NULL,
        "offset" bigint NOT NULL,
        message_id text,
        type text,
        message_key text,
        correlation_id text,
        causation_id text,
        traceparent text,
        occurred_at timestamptz NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (topic, partition, "offset")
      )`);
    await q.query(`CREATE INDEX trace_messages_key ON trace_messages (message_key)`);
    await q.query(
      `CREATE INDEX trace_messages_correlation ON trace_messages (correlation_id)
         WHERE correlation_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX trace_messages_recorded ON trace_messages (recorded_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE trace_messages`);
    await q.query(`ALTER TABLE signed_requests DROP COLUMN correlation_id`);
  }
}
