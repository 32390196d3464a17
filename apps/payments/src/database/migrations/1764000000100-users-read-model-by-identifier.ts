import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ADR 0065: a charge names its payer by a User object's identifier too; find it by index. */
export class UsersReadModelByIdentifier1764000000100 implements MigrationInterface {
  name = 'UsersReadModelByIdentifier1764000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX users_read_model_project_identifier ON users_read_model (project_id, identifier)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_read_model_project_identifier`);
  }
}
