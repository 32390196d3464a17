import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The automatic recurring scheduler's state (ADR 0012): the due time of each subscription's next
 * charge, and one row per charged period. The unique (subscription, period) key is what makes a
 * period charged at most once, whatever the scheduler's instances or restarts do.
 */
export class RecurringSchedule1763800004000 implements MigrationInterface {
  name = 'RecurringSchedule1763800004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE subscriptions
        ADD COLUMN last_charged_at timestamptz,
        ADD COLUMN last_charge_key text,
        ADD COLUMN next_charge_at timestamptz,
        ADD COLUMN period int NOT NULL DEFAULT 1,
        ADD COLUMN period_due_at timestamptz,
        ADD COLUMN attempt int NOT NULL DEFAULT 0,
        ADD COLUMN charge_in_flight boolean NOT NULL DEFAULT false`);
    // The sweep reads due rows in due-time order; rows with nothing scheduled stay out of the index.
    await q.query(`
      CREATE INDEX subscriptions_due ON subscriptions (next_charge_at, id)
        WHERE next_charge_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE recurring_periods (
        subscription_id bigint NOT NULL REFERENCES subscriptions (id),
        period int NOT NULL,
        attempts int NOT NULL,
        status text NOT NULL CHECK (status IN ('charging', 'charged', 'declined')),
        transaction_id bigint,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT recurring_periods_once PRIMARY KEY (subscription_id, period)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE recurring_periods`);
    await q.query(`DROP INDEX subscriptions_due`);
    await q.query(`
      ALTER TABLE subscriptions DROP COLUMN last_charged_at, DROP COLUMN last_charge_key,
        DROP COLUMN next_charge_at, DROP COLUMN period, DROP COLUMN period_due_at,
        DROP COLUMN attempt, DROP COLUMN charge_in_flight`);
  }
}
