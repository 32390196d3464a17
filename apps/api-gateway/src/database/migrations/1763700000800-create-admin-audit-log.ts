import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every call that reaches the admin API, accepted or refused: who (declared operator, client
 * address), what (method and route), the target (route parameters), the outcome and when.
 * Append-only: the gateway never updates or deletes a row (docs/security/edge-rules.md).
 */
export class CreateAdminAuditLog1763700000800 implements MigrationInterface {
  name = 'CreateAdminAuditLog1763700000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        client_ip text NOT NULL,
        method text NOT NULL,
        route text NOT NULL,
        target jsonb NOT NULL,
        status integer NOT NULL
      )`);
    await q.query(`CREATE INDEX admin_audit_log_at ON admin_audit_log (at)`);
    await q.query(`
      CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'admin_audit_log is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON admin_audit_log
      FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_audit_log`);
    await q.query(`DROP FUNCTION admin_audit_log_append_only()`);
  }
}
