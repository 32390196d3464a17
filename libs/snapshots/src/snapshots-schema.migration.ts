import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read-model tables for project and partner snapshots, for the services that keep them. */
export class SnapshotsSchema1763700000050 implements MigrationInterface {
  name = 'SnapshotsSchema1763700000050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE project_snapshots (
        id int PRIMARY KEY,
        name text NOT NULL,
        public_key text NOT NULL,
        signing_key_encrypted text NOT NULL,
        callback_url text,
        base_currency char(3) NOT NULL,
        settings jsonb NOT NULL,
        version int NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE UNIQUE INDEX project_snapshots_public_key ON project_snapshots (public_key)`,
    );
    await q.query(`
      CREATE TABLE partner_snapshots (
        identifier text PRIMARY KEY,
        project_id int NOT NULL,
        name text,
        secret_encrypted text NOT NULL,
        version int NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE partner_snapshots`);
    await q.query(`DROP TABLE project_snapshots`);
  }
}
