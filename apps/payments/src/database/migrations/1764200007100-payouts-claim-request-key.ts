import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payout claims the signed request that asked for it (ADR 0060, ADR 0014): `request_key` is the
 * gateway's `${projectId}:${signature}`, unique per project, written with the payout and its
 * reservation in one transaction. A re-sent command (the merchant's retry after a 503 or a
 * timeout) finds the payout by it and answers it instead of reserving a second time.
 */
export class PayoutsClaimRequestKey1764200007100 implements MigrationInterface {
  name = 'PayoutsClaimRequestKey1764200007100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payouts ADD COLUMN request_key text`);
    await q.query(`
      CREATE UNIQUE INDEX payouts_once_per_request ON payouts (project_id, request_key)
      WHERE request_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payouts_once_per_request`);
    await q.query(`ALTER TABLE payouts DROP COLUMN request_key`);
  }
}
