import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guards the journal beyond balance and append-only rows (docs/security/edge-rules.md):
 * - an entry without lines is refused at commit (it would balance trivially and hide a lost post);
 * - TRUNCATE, which skips row triggers, is refused on both tables;
 * - a transaction is posted at most once per kind, so a retried or concurrent charge cannot move
 *   its money twice.
 */
export class GuardLedger1763700000395 implements MigrationInterface {
  name = 'GuardLedger1763700000395';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION journal_entry_must_have_lines() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM journal_lines WHERE entry_id = NEW.id) THEN
          RAISE EXCEPTION 'journal entry % has no lines', NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER journal_entries_have_lines AFTER INSERT ON journal_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_must_have_lines()`);
    for (const table of ['journal_entries', 'journal_lines']) {
      await q.query(`
        CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION journal_is_append_only()`);
    }
    await q.query(`
      CREATE UNIQUE INDEX journal_entries_once_per_kind ON journal_entries (transaction_id, kind)
      WHERE transaction_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX journal_entries_once_per_kind`);
    for (const table of ['journal_entries', 'journal_lines']) {
      await q.query(`DROP TRIGGER ${table}_no_truncate ON ${table}`);
    }
    await q.query(`DROP TRIGGER journal_entries_have_lines ON journal_entries`);
    await q.query(`DROP FUNCTION journal_entry_must_have_lines()`);
  }
}
