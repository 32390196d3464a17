import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Notified by the trigger on `project_snapshots` at every commit that changes it (ADR 0065). */
export const PROJECT_SNAPSHOTS_CHANNEL = 'project_snapshots_changed';

/**
 * ADR 0065: every commit that changes a project snapshot notifies `project_snapshots_changed`, so
 * each instance drops its `ProjectSnapshotCache` (the snapshot events reach one instance of the
 * consumer group; the notification reaches them all). Opt-in: a service that caches adds it to its
 * migrations (payments first, the notifier since), under the name payments applied it with.
 */
export class ProjectSnapshotsNotify1764100000100 implements MigrationInterface {
  name = 'ProjectSnapshotsNotify1764100000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION project_snapshots_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('project_snapshots_changed', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER project_snapshots_changed
        AFTER INSERT OR UPDATE OR DELETE ON project_snapshots
        FOR EACH STATEMENT EXECUTE FUNCTION project_snapshots_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER project_snapshots_changed ON project_snapshots`);
    await q.query(`DROP FUNCTION project_snapshots_notify()`);
  }
}
