import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0003 replay guard: one row per accepted signature of a mutating call, kept 24 hours. */
export class CreateSignedRequests1763700000400 implements MigrationInterface {
  name = 'CreateSignedRequests1763700000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signed_requests (
        project_id int NOT NULL,
        signature text NOT NULL,
        params_hash char(64) NOT NULL,
        claim_token uuid NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        status_code int,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, signature)
      )`);
    await q.query(`CREATE INDEX signed_requests_created_at_idx ON signed_requests (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signed_requests`);
  }
}
