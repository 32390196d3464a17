import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox project clocks the gateway owns and publishes (ADR 0069). */
export class CreateSandboxClocks1764990000100 implements MigrationInterface {
  name = 'CreateSandboxClocks1764990000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sandbox_clocks (
        project_id int PRIMARY KEY REFERENCES projects (id),
        offset_ms bigint NOT NULL CHECK (offset_ms >= 0),
        version int NOT NULL,
        advanced_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sandbox_clocks`);
  }
}
