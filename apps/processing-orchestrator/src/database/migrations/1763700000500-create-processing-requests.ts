import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Processing requests and the state of every task of their trees. A task's due_at is the durable
 * timer (a `wait` that ends, an expiration.date) that the scheduler polls; it survives a restart.
 */
export class CreateProcessingRequests1763700000500 implements MigrationInterface {
  name = 'CreateProcessingRequests1763700000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE processing_requests (
        global_id uuid PRIMARY KEY,
        partner_identifier text NOT NULL,
        project_id int NOT NULL,
        sandbox boolean NOT NULL,
        request jsonb NOT NULL,
        sync boolean NOT NULL,
        waiting_time text NOT NULL,
        targets jsonb NOT NULL,
        user_ip text,
        status text NOT NULL CHECK (status IN ('PROCESSING', 'WAITING', 'FINISHED')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE processing_tasks (
        id uuid PRIMARY KEY,
        global_id uuid NOT NULL REFERENCES processing_requests (global_id),
        parent_id uuid REFERENCES processing_tasks (id),
        branch text NOT NULL CHECK (branch IN ('root', 'success', 'fail', 'always')),
        path text NOT NULL,
        position int NOT NULL,
        depth int NOT NULL,
        type text NOT NULL,
        template text,
        payload_encrypted text,
        public_payload jsonb NOT NULL,
        expires_at timestamptz,
        status text NOT NULL CHECK (status IN
          ('PENDING', 'RUNNING', 'WAITING', 'SUCCESS', 'FAIL', 'EXPIRED', 'SKIPPED')),
        data jsonb,
        interactive jsonb,
        reason text,
        due_at timestamptz,
        auth_task_id uuid UNIQUE,
        partner_return_url text,
        created_at timestamptz NOT NULL,
        started_at timestamptz,
        finished_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT processing_tasks_path UNIQUE (global_id, path)
      )`);
    await q.query(
      `CREATE INDEX processing_tasks_due ON processing_tasks (due_at) WHERE due_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE processing_tasks`);
    await q.query(`DROP TABLE processing_requests`);
  }
}
