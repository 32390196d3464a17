import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payout reservations in payments (ADR 0060) and the database rule that a payout never takes a
 * merchant's available balance below zero:
 * - `payouts`: one row per accepted payout, its id drawn from the transactions' sequence so that
 *   no payout shares an id with a payment; an `order_id` names at most one live payout of a
 *   project (ADR 0014), enforced by a partial unique index; a `payout` task makes at most one
 *   payout (`task_id` unique, ADR 0017);
 * - `journal_entries.payout_id`: a payout's entries, at most one per kind (reserve, post, release);
 * - `merchant_available_balances`: the running sum of every `merchant:<id>:available` account,
 *   kept by a trigger on `journal_lines` in the same transaction. The upsert row-locks the account,
 *   so concurrent reservations of one merchant run one after the other, and a
 *   `payout-reservation` entry whose debit would leave it below zero is refused by the database
 *   (other entries, such as a fee above a small price, may still make it negative: that is a debt
 *   of the merchant, not a payout).
 */
export class CreatePayoutsAndBalanceGuard1763800006100 implements MigrationInterface {
  name = 'CreatePayoutsAndBalanceGuard1763800006100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payouts (
        id bigint PRIMARY KEY DEFAULT nextval('transactions_id_seq'),
        project_id int NOT NULL,
        order_id text,
        type_key text NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency char(3) NOT NULL,
        account_display text NOT NULL,
        account_sealed text,
        card_token text,
        description text,
        task_id uuid UNIQUE,
        status text NOT NULL CHECK (status IN ('reserved', 'completed', 'failed', 'cancelled')),
        reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payouts_id_fits_json CHECK (id < 9007199254740992)
      )`);
    await q.query(`
      CREATE UNIQUE INDEX payouts_live_order_id ON payouts (project_id, order_id)
      WHERE order_id IS NOT NULL AND status IN ('reserved', 'completed')`);
    await q.query(
      `ALTER TABLE journal_entries ADD COLUMN payout_id bigint REFERENCES payouts (id)`,
    );
    await q.query(`
      CREATE UNIQUE INDEX journal_entries_once_per_payout_kind ON journal_entries (payout_id, kind)
      WHERE payout_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE merchant_available_balances (
        account text NOT NULL,
        currency char(3) NOT NULL,
        available bigint NOT NULL,
        PRIMARY KEY (account, currency)
      )`);
    await q.query(`
      INSERT INTO merchant_available_balances (account, currency, available)
      SELECT account, currency, sum(credit) - sum(debit) FROM journal_lines
      WHERE account LIKE 'merchant:%:available' GROUP BY account, currency`);
    await q.query(`
      CREATE FUNCTION track_merchant_available() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        after_line bigint;
        entry_kind text;
      BEGIN
        IF NEW.account NOT LIKE 'merchant:%:available' THEN
          RETURN NULL;
        END IF;
        INSERT INTO merchant_available_balances AS b (account, currency, available)
        VALUES (NEW.account, NEW.currency, NEW.credit - NEW.debit)
        ON CONFLICT (account, currency) DO UPDATE SET available = b.available + EXCLUDED.available
        RETURNING b.available INTO after_line;
        IF after_line < 0 AND NEW.debit > 0 THEN
          SELECT kind INTO entry_kind FROM journal_entries WHERE id = NEW.entry_id;
          IF entry_kind = 'payout-reservation' THEN
            RAISE EXCEPTION 'payout reservation would take % below zero in %', NEW.account, NEW.currency
              USING ERRCODE = 'check_violation', CONSTRAINT = 'payouts_never_overdraw';
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER journal_lines_track_merchant_available AFTER INSERT ON journal_lines
      FOR EACH ROW EXECUTE FUNCTION track_merchant_available()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER journal_lines_track_merchant_available ON journal_lines`);
    await q.query(`DROP FUNCTION track_merchant_available()`);
    await q.query(`DROP TABLE merchant_available_balances`);
    await q.query(`DROP INDEX journal_entries_once_per_payout_kind`);
    await q.query(`ALTER TABLE journal_entries DROP COLUMN payout_id`);
    await q.query(`DROP TABLE payouts`);
  }
}
