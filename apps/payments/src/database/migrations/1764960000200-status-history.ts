import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0066: every state a transaction or payout enters, with when, for the money trace. A trigger
 * writes the row in the transaction that changes the status (one extra row, no extra round trip,
 * and no code path can forget it). The journal's account index gains the entry id, so a balance
 * after an entry is one index range (it replaces the index on account and currency alone).
 */
export class StatusHistory1764960000200 implements MigrationInterface {
  name = 'StatusHistory1764960000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE status_history (
        id bigserial PRIMARY KEY,
        subject text NOT NULL CHECK (subject IN ('transactions', 'payouts')),
        subject_id bigint NOT NULL,
        status text NOT NULL,
        reason text,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX status_history_subject ON status_history (subject_id, id)`);
    await q.query(`
      CREATE FUNCTION record_status_history() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
          INSERT INTO status_history (subject, subject_id, status, reason)
          VALUES (TG_TABLE_NAME, NEW.id, NEW.status, NEW.reason);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['transactions', 'payouts']) {
      await q.query(`
        CREATE TRIGGER ${table}_status_history AFTER INSERT OR UPDATE OF status ON ${table}
        FOR EACH ROW EXECUTE FUNCTION record_status_history()`);
    }
    await q.query(`
      CREATE INDEX journal_lines_account_entry ON journal_lines (account, currency, entry_id)
        INCLUDE (debit, credit)`);
    await q.query(`DROP INDEX journal_lines_account`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX journal_lines_account ON journal_lines (account, currency)`);
    await q.query(`DROP INDEX journal_lines_account_entry`);
    for (const table of ['transactions', 'payouts']) {
      await q.query(`DROP TRIGGER ${table}_status_history ON ${table}`);
    }
    await q.query(`DROP FUNCTION record_status_history()`);
    await q.query(`DROP TABLE status_history`);
  }
}
