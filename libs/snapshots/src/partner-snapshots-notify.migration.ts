import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Notified by the trigger on `partner_snapshots` at every commit that changes it (ADR 0065). */
export const PARTNER_SNAPSHOTS_CHANNEL = 'partner_snapshots_changed';

/**
 * ADR 0065, for partners: every commit that changes a partner snapshot notifies
 * `partner_snapshots_changed`, so each instance drops its `PartnerSnapshotCache`. Opt-in, as the
 * projects' trigger: the notifier adds it (its partner notifications read the partner).
 */
export class PartnerSnapshotsNotify1764300000000 implements MigrationInterface {
  name = 'PartnerSnapshotsNotify1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION partner_snapshots_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('partner_snapshots_changed', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER partner_snapshots_changed
        AFTER INSERT OR UPDATE OR DELETE ON partner_snapshots
        FOR EACH STATEMENT EXECUTE FUNCTION partner_snapshots_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER partner_snapshots_changed ON partner_snapshots`);
    await q.query(`DROP FUNCTION partner_snapshots_notify()`);
  }
}
