import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersReadModel1763700000300 implements MigrationInterface {
  name = 'CreateUsersReadModel1763700000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users_read_model (
        id text PRIMARY KEY,
        project_id int NOT NULL,
        identifier text NOT NULL,
        display_name text,
        email text,
        phone text,
        locale text,
        ip text,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users_read_model`);
  }
}
