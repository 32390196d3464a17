import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The recurring charge saga (ADR 0060): one row per manual charge flow, keyed by the command's
 * idempotency key, with its state, its deadline and the stored outcome a retry answers. The
 * subscription holds the flow that reserved its frequency window, and counts the scheduler's
 * attempts that payments refused (they are not retries of a decline).
 */
export class RecurringChargeFlows1764300000100 implements MigrationInterface {
  name = 'RecurringChargeFlows1764300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recurring_charge_flows (
        key text PRIMARY KEY,
        project_id int NOT NULL,
        user_id text NOT NULL,
        subscription_id bigint NOT NULL REFERENCES subscriptions (id),
        state text NOT NULL CHECK (state IN ('charging', 'charged', 'refused', 'compensated')),
        deadline_at timestamptz NOT NULL,
        outcome jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The deadline sweeper reads only the flows still waiting for payments.
    await q.query(`
      CREATE INDEX recurring_charge_flows_deadline ON recurring_charge_flows (deadline_at)
        WHERE state = 'charging'`);
    await q.query(`
      ALTER TABLE subscriptions
        ADD COLUMN charge_reserved_by text,
        ADD COLUMN refused_attempts int NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE recurring_periods DROP CONSTRAINT recurring_periods_status_check`);
    await q.query(`
      ALTER TABLE recurring_periods ADD CONSTRAINT recurring_periods_status_check
        CHECK (status IN ('charging', 'charged', 'declined', 'refused'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE recurring_periods DROP CONSTRAINT recurring_periods_status_check`);
    await q.query(`
      ALTER TABLE recurring_periods ADD CONSTRAINT recurring_periods_status_check
        CHECK (status IN ('charging', 'charged', 'declined'))`);
    await q.query(
      `ALTER TABLE subscriptions DROP COLUMN charge_reserved_by, DROP COLUMN refused_attempts`,
    );
    await q.query(`DROP TABLE recurring_charge_flows`);
  }
}
