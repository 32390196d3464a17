import type { MigrationInterface, QueryRunner } from 'typeorm';

export const OUTBOX_CHANNEL = 'outbox_messages';

/**
 * Outbox and inbox tables, shared by every service's migrations. The trigger NOTIFYs the relay;
 * PostgreSQL delivers a NOTIFY only when the inserting transaction commits, which is exactly when
 * the relay may send.
 */
export class OutboxSchema1763700000000 implements MigrationInterface {
  name = 'OutboxSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox_messages (
        seq bigserial PRIMARY KEY,
        message_id uuid NOT NULL UNIQUE,
        topic text NOT NULL,
        message_key text NOT NULL,
        message_type text NOT NULL,
        envelope jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        attempts int NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE inbox_messages (
        consumer text NOT NULL,
        message_id uuid NOT NULL,
        result jsonb,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, message_id)
      )`);
    await q.query(`CREATE INDEX inbox_messages_processed_at ON inbox_messages (processed_at)`);
    await q.query(`
      CREATE FUNCTION notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('${OUTBOX_CHANNEL}', ''); RETURN NULL; END $$`);
    await q.query(`
      CREATE TRIGGER outbox_messages_notify AFTER INSERT ON outbox_messages
      FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER outbox_messages_notify ON outbox_messages`);
    await q.query(`DROP FUNCTION notify_outbox()`);
    await q.query(`DROP TABLE inbox_messages`);
    await q.query(`DROP TABLE outbox_messages`);
  }
}
