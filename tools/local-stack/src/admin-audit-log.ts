import { Client } from 'pg';
import { databaseUrl } from './databases';

/** Owns the audit schema and its table; nobody logs in as it (ADR 0061). */
export const AUDIT_OWNER_ROLE = 'opp_audit_owner';
/** May INSERT into the audit table and use its id sequence, nothing else (ADR 0061). */
export const AUDIT_WRITER_ROLE = 'opp_audit_writer';

/**
 * The admin audit log of the gateway's database, as a table its own role cannot alter (ADR 0061):
 * the schema `audit` and the table `audit.admin_audit_log` belong to `opp_audit_owner`, so neither
 * the service role (owner of its database and of `public`, which could drop any table there) nor
 * anyone it can become may update, delete, truncate, drop the table or its triggers. The service
 * role is made a member of `opp_audit_writer`, which may insert rows and nothing else; the gateway
 * writes every audit row as that role.
 *
 * Runs with the administrative URL (a superuser, or a role that may create roles), before the
 * gateway's migrations. Idempotent, and safe when several processes run it at once.
 */
export async function provisionAdminAuditLog(
  adminUrl: string,
  database: string,
  serviceRole?: string,
): Promise<void> {
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    for (const role of [AUDIT_OWNER_ROLE, AUDIT_WRITER_ROLE]) await ensureNoLoginRole(admin, role);
    if (serviceRole) {
      await admin.query(`GRANT ${AUDIT_WRITER_ROLE} TO ${admin.escapeIdentifier(serviceRole)}`);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
  const inside = new Client({
    connectionString: databaseUrl(adminUrl, database),
    connectionTimeoutMillis: 10_000,
  });
  await inside.connect();
  try {
    await inside.query('BEGIN');
    // One provisioning at a time per database: CREATE ... IF NOT EXISTS still races on catalogues.
    await inside.query(`SELECT pg_advisory_xact_lock(hashtext('opp:admin-audit-log'))`);
    const superuser = await inside.query<{ rolsuper: boolean }>(
      'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
    );
    // A role that may create roles acts as the owner through membership; a superuser needs none.
    if (!superuser.rows[0]?.rolsuper) {
      await inside.query(`GRANT ${AUDIT_OWNER_ROLE} TO current_user`);
    }
    await inside.query(`CREATE SCHEMA IF NOT EXISTS audit AUTHORIZATION ${AUDIT_OWNER_ROLE}`);
    await inside.query(`SET LOCAL ROLE ${AUDIT_OWNER_ROLE}`);
    for (const statement of AUDIT_TABLE) await inside.query(statement);
    await inside.query('COMMIT');
  } catch (error) {
    await inside.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await inside.end().catch(() => undefined);
  }
}

const AUDIT_TABLE = [
  `CREATE TABLE IF NOT EXISTS audit.admin_audit_log (
     id bigserial PRIMARY KEY,
     at timestamptz NOT NULL DEFAULT now(),
     actor text NOT NULL,
     client_ip text NOT NULL,
     method text NOT NULL,
     route text NOT NULL,
     target jsonb NOT NULL,
     status integer NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS admin_audit_log_at ON audit.admin_audit_log (at)`,
  // Belt and braces: even the owner's sessions (the provisioning step) cannot change a row.
  `CREATE OR REPLACE FUNCTION audit.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
   END $$`,
  `CREATE OR REPLACE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE
   ON audit.admin_audit_log FOR EACH ROW EXECUTE FUNCTION audit.refuse_change()`,
  `CREATE OR REPLACE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE
   ON audit.admin_audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit.refuse_change()`,
  `REVOKE ALL ON SCHEMA audit FROM PUBLIC`,
  `REVOKE ALL ON FUNCTION audit.refuse_change() FROM PUBLIC`,
  `GRANT USAGE ON SCHEMA audit TO ${AUDIT_WRITER_ROLE}`,
  `GRANT INSERT ON audit.admin_audit_log TO ${AUDIT_WRITER_ROLE}`,
  `GRANT USAGE ON SEQUENCE audit.admin_audit_log_id_seq TO ${AUDIT_WRITER_ROLE}`,
];

async function ensureNoLoginRole(admin: Client, role: string): Promise<void> {
  const found = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (found.rowCount) return;
  try {
    await admin.query(`CREATE ROLE ${role} NOLOGIN NOINHERIT`);
  } catch (error) {
    // 42710 duplicate_object; 23505 when two CREATEs race on pg_authid's unique index.
    const code = (error as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw error;
  }
}
