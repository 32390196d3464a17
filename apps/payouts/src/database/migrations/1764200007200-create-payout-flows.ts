import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payout flows (ADR 0060): one row per POST /payout, owned by payouts. `request_key` is the
 * signed request (`${projectId}:${signature}`), unique per project, so a retry finds its flow and
 * answers its outcome; `state` is the step in flight or the outcome (`refusal_*` for a refused or
 * expired flow, `payout_id` once payments reserved the funds); `deadline` is when a flow still
 * reserving expires.
 */
export class CreatePayoutFlows1764200007200 implements MigrationInterface {
  name = 'CreatePayoutFlows1764200007200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payout_flows (
        id uuid PRIMARY KEY,
        project_id int NOT NULL,
        request_key text NOT NULL,
        state text NOT NULL
          CHECK (state IN ('reserving', 'accepted', 'refused', 'expired', 'compensated')),
        payout_id bigint,
        refusal_code int,
        refusal_message text,
        deadline timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payout_flows_once_per_request UNIQUE (project_id, request_key),
        CONSTRAINT payout_flows_accepted_with_payout
          CHECK (state NOT IN ('accepted', 'compensated') OR payout_id IS NOT NULL)
      )`);
    await q.query(`
      CREATE INDEX payout_flows_to_expire ON payout_flows (deadline) WHERE state = 'reserving'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payout_flows`);
  }
}
