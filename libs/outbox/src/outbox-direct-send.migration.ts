import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OUTBOX_CHANNEL } from './outbox-schema.migration';

/**
 * Rows the writing process sends itself right after its commit (ADR 0065) carry `held_until`: the
 * relay leaves them alone until then, and only a crash or a failed send leaves them to it. The
 * trigger wakes the relay only for rows that are its own at once (held_until null), so a commit
 * the writer sends itself costs no NOTIFY and no empty claim.
 */
export class OutboxDirectSend1764000000600 implements MigrationInterface {
  name = 'OutboxDirectSend1764000000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_messages ADD COLUMN held_until timestamptz`);
    await q.query(`DROP TRIGGER outbox_messages_notify ON outbox_messages`);
    await q.query(`
      CREATE OR REPLACE FUNCTION notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM inserted WHERE held_until IS NULL) THEN
          PERFORM pg_notify('${OUTBOX_CHANNEL}', '');
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER outbox_messages_notify AFTER INSERT ON outbox_messages
      REFERENCING NEW TABLE AS inserted
      FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER outbox_messages_notify ON outbox_messages`);
    await q.query(`
      CREATE OR REPLACE FUNCTION notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('${OUTBOX_CHANNEL}', ''); RETURN NULL; END $$`);
    await q.query(`
      CREATE TRIGGER outbox_messages_notify AFTER INSERT ON outbox_messages
      FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox()`);
    await q.query(`ALTER TABLE outbox_messages DROP COLUMN held_until`);
  }
}
