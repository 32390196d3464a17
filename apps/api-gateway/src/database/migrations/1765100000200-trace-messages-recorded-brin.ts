import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0066: `trace_messages` is appended in `recorded_at` order and read by it only to purge what
 * is older than 7 days, so a BRIN index (a few pages, summarised by block range) serves the purge
 * where a B-tree cost every recorded message one more index insert.
 */
export class TraceMessagesRecordedBrin1765100000200 implements MigrationInterface {
  name = 'TraceMessagesRecordedBrin1765100000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX trace_messages_recorded`);
    await q.query(
      `CREATE INDEX trace_messages_recorded ON trace_messages USING brin (recorded_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX trace_messages_recorded`);
    await q.query(`CREATE INDEX trace_messages_recorded ON trace_messages (recorded_at)`);
  }
}
