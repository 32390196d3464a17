import { Client } from 'pg';
import { assertDatabaseName, databaseUrl, dropDatabases, ensureDatabases } from './databases';

/** 55006 object_in_use: a session was on the template as the copy began. */
const OBJECT_IN_USE = '55006';

/**
 * A migrated database made once and then copied (test stacks): PostgreSQL copies a database's
 * files in a fraction of a second, where migrating a fresh one starts a Node process per service.
 * The first caller for a template makes it (`prepare`: provisioning and migrations, as a stack
 * does for a database of its own), under an advisory lock, so parallel test workers make it once;
 * it then refuses connections, so no session (autovacuum included) keeps a copy from starting.
 * A template lives as long as its name: a test run names its own and drops them at its start.
 */
export async function copyTemplateDatabase(
  adminUrl: string,
  template: string,
  database: string,
  prepare: (templateUrl: string) => Promise<void>,
): Promise<void> {
  assertDatabaseName(template);
  assertDatabaseName(database);
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [`opp:template:${template}`]);
    const ready = await admin.query(
      'SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate',
      [template],
    );
    if (ready.rowCount === 0) {
      await dropDatabases(adminUrl, [template]); // a half-made one, from a run that died
      await ensureDatabases(adminUrl, [template]);
      await prepare(databaseUrl(adminUrl, template));
      await admin.query(
        `ALTER DATABASE "${template}" WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`,
      );
    }
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [`opp:template:${template}`]);
    await copyWhenFree(admin, template, database);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

async function copyWhenFree(admin: Client, template: string, database: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Drops every template whose name starts with `prefix` (a test run's, at its start). */
export async function dropTemplateDatabases(adminUrl: string, prefix: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datistemplate AND starts_with(datname, $1)`,
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
}
