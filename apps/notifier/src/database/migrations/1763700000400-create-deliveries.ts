import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDeliveries1763700000400 implements MigrationInterface {
  name = 'CreateDeliveries1763700000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deliveries (
        id uuid PRIMARY KEY,
        kind text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'dead')),
        dedupe_key text NOT NULL UNIQUE,
        project_id int,
        partner_identifier text,
        subject text NOT NULL,
        method text NOT NULL,
        target text NOT NULL,
        request jsonb NOT NULL,
        task jsonb,
        attempts int NOT NULL DEFAULT 0,
        cycle_attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_error text,
        last_http_status int,
        reported_outcome text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        succeeded_at timestamptz,
        dead_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending'`,
    );
    await q.query(`CREATE INDEX deliveries_created ON deliveries (created_at DESC, id)`);
    await q.query(`CREATE INDEX deliveries_status ON deliveries (status, created_at DESC)`);
    await q.query(`CREATE INDEX deliveries_project ON deliveries (project_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE delivery_attempts (
        delivery_id uuid NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
        number int NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('in-flight', 'succeeded', 'failed', 'abandoned')),
        http_status int,
        error text,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (delivery_id, number)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE delivery_attempts`);
    await q.query(`DROP TABLE deliveries`);
  }
}
