import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763700000100 implements MigrationInterface {
  name = 'CreateUsers1763700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id bigserial PRIMARY KEY,
        project_id int NOT NULL,
        identifier text NOT NULL,
        display_name text,
        email text,
        phone text,
        locale text,
        ip text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_project_identifier UNIQUE (project_id, identifier)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
  }
}
