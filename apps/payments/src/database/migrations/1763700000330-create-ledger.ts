import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry journal. Lines are one-sided and positive; a deferred constraint trigger checks
 * at commit that every entry's debits equal its credits per currency, and the journal is
 * append-only: balances are sums over it, never edited in place.
 */
export class CreateLedger1763700000330 implements MigrationInterface {
  name = 'CreateLedger1763700000330';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE journal_entries (
        id bigserial PRIMARY KEY,
        project_id int NOT NULL,
        transaction_id bigint REFERENCES transactions (id),
        kind text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE journal_lines (
        id bigserial PRIMARY KEY,
        entry_id bigint NOT NULL REFERENCES journal_entries (id),
        account text NOT NULL,
        currency char(3) NOT NULL,
        debit bigint NOT NULL CHECK (debit >= 0),
        credit bigint NOT NULL CHECK (credit >= 0),
        CONSTRAINT journal_lines_one_sided CHECK ((debit = 0) <> (credit = 0))
      )`);
    await q.query(`CREATE INDEX journal_lines_account ON journal_lines (account, currency)`);
    await q.query(`CREATE INDEX journal_lines_entry ON journal_lines (entry_id)`);
    await q.query(`
      CREATE FUNCTION journal_entry_must_balance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (
          SELECT 1 FROM journal_lines WHERE entry_id = NEW.entry_id
          GROUP BY currency HAVING sum(debit) <> sum(credit)
        ) THEN
          RAISE EXCEPTION 'journal entry % is not balanced', NEW.entry_id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER journal_lines_balanced AFTER INSERT ON journal_lines
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_must_balance()`);
    await q.query(`
      CREATE FUNCTION journal_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the journal is append-only';
      END $$`);
    for (const table of ['journal_entries', 'journal_lines']) {
      await q.query(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION journal_is_append_only()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE journal_lines`);
    await q.query(`DROP TABLE journal_entries`);
    await q.query(`DROP FUNCTION journal_is_append_only()`);
    await q.query(`DROP FUNCTION journal_entry_must_balance()`);
  }
}
