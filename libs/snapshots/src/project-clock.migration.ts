import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Notified by the trigger on `project_clocks` at every commit that changes it (ADR 0069). */
export const PROJECT_CLOCKS_CHANNEL = 'project_clocks_changed';

/**
 * A time-driven service's copy of the sandbox project clocks (ADR 0069): the offset of each
 * project's time from the wall clock. A commit that changes it notifies every instance, which drops
 * its cached offsets and wakes its schedulers: what an advance made due runs at once.
 */
export class ProjectClocks1764990000000 implements MigrationInterface {
  name = 'ProjectClocks1764990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE project_clocks (
        project_id int PRIMARY KEY,
        offset_ms bigint NOT NULL CHECK (offset_ms >= 0),
        version int NOT NULL,
        advanced_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION project_clocks_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${PROJECT_CLOCKS_CHANNEL}', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER project_clocks_changed
        AFTER INSERT OR UPDATE OR DELETE ON project_clocks
        FOR EACH STATEMENT EXECUTE FUNCTION project_clocks_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_clocks`);
    await q.query(`DROP FUNCTION project_clocks_notify()`);
  }
}
