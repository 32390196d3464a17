import { Client } from 'pg';
import { provisionAdminAuditLog } from './admin-audit-log';
import { assertDatabaseName } from './databases';

/** One service's database and the only role that may use it, both named by its DATABASE_URL. */
export interface ServiceDatabase {
  database: string;
  role: string;
  password: string;
  /** The gateway's: an admin audit table its own role cannot alter (ADR 0061). */
  adminAuditLog?: boolean;
}

/** Reads role, password and database from a service's `postgres://role:password@host/database`. */
export function serviceDatabaseFromUrl(url: string): ServiceDatabase {
  const parsed = new URL(url);
  const role = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!role || !password) {
    throw new Error(`A service database URL needs its own user and password (${parsed.host})`);
  }
  if (role === 'postgres') throw new Error('A service must not connect as the superuser postgres');
  return { role: assertDatabaseName(role), password, database: assertDatabaseName(database) };
}

/**
 * Creates (or brings up to date) each service's login role and database: the role owns its database
 * and the public schema in it, is neither superuser nor allowed to create roles or databases, and no
 * other role may connect (CONNECT is revoked from PUBLIC). Idempotent; a changed password is applied.
 * Runs with an administrative URL that only this provisioning step holds.
 */
export async function provisionServiceDatabases(
  adminUrl: string,
  services: readonly ServiceDatabase[],
): Promise<void> {
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    for (const service of services) await provisionOne(admin, adminUrl, service);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

async function provisionOne(admin: Client, adminUrl: string, service: ServiceDatabase) {
  const role = admin.escapeIdentifier(service.role);
  const database = admin.escapeIdentifier(service.database);
  const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${admin.escapeLiteral(service.password)}`;
  const roleExists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [service.role]);
  await admin.query(`${roleExists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${role} ${attributes}`);

  const dbExists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
    service.database,
  ]);
  if (dbExists.rowCount) await admin.query(`ALTER DATABASE ${database} OWNER TO ${role}`);
  else await admin.query(`CREATE DATABASE ${database} OWNER ${role}`);
  await admin.query(`REVOKE ALL ON DATABASE ${database} FROM PUBLIC`);

  // Inside the database: the schema belongs to the service (PostgreSQL 14 lets PUBLIC create in it).
  const url = new URL(adminUrl);
  url.pathname = `/${service.database}`;
  const inside = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
  await inside.connect();
  try {
    await inside.query(`ALTER SCHEMA public OWNER TO ${role}`);
    await inside.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
  } finally {
    await inside.end().catch(() => undefined);
  }
  if (service.adminAuditLog) {
    await provisionAdminAuditLog(adminUrl, service.database, service.role);
  }
}
