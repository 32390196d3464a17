import { Client } from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertDatabaseName(name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new Error(`Invalid database name "${name}" (lower-case letters, digits, _; at most 63)`);
  }
  return name;
}

/** The admin URL pointed at another database (same host, port, user and options). */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${assertDatabaseName(database)}`;
  return url.toString();
}

/** Creates the databases that do not exist yet. Safe when several processes do it at once. */
export async function ensureDatabases(
  adminUrl: string = DEFAULT_ADMIN_URL,
  names: readonly string[],
): Promise<string[]> {
  const created: string[] = [];
  await withClient(adminUrl, async (client) => {
    for (const name of names) {
      assertDatabaseName(name);
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) continue;
      try {
        await client.query(`CREATE DATABASE "${name}"`);
        created.push(name);
      } catch (error) {
        // 42P04 duplicate_database; 23505 when two CREATEs race on pg_database's unique index.
        const code = (error as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw error;
      }
    }
  });
  return created;
}

/** Drops the databases (if they exist), disconnecting their sessions first. */
export async function dropDatabases(
  adminUrl: string = DEFAULT_ADMIN_URL,
  names: readonly string[],
): Promise<void> {
  await withClient(adminUrl, async (client) => {
    for (const name of names) {
      await client.query(`DROP DATABASE IF EXISTS "${assertDatabaseName(name)}" WITH (FORCE)`);
    }
  });
}

async function withClient(url: string, use: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot reach PostgreSQL at ${redact(url)}: ${reason}`);
  }
  try {
    await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
