import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProjectsAndPartners1763700000200 implements MigrationInterface {
  name = 'CreateProjectsAndPartners1763700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projects (
        id serial PRIMARY KEY,
        name text NOT NULL,
        public_key text NOT NULL UNIQUE,
        private_key_encrypted text NOT NULL,
        previous_private_key_encrypted text,
        previous_key_expires_at timestamptz,
        callback_url text,
        base_currency char(3) NOT NULL,
        settings jsonb NOT NULL,
        version int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE partners (
        identifier text PRIMARY KEY,
        project_id int NOT NULL REFERENCES projects (id),
        name text,
        secret_encrypted text NOT NULL,
        version int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE partners`);
    await q.query(`DROP TABLE projects`);
  }
}
