// Production has no database-roles Job: each CloudNativePG Cluster's initdb creates the service's
// role and database, and its postInitApplicationSQL runs the rest of what the Job runs. This holds
// that SQL to the code: the statements provisionServiceDatabases sends (recorded through a stand-in
// pg client) must be the Cluster's, so a change to the provisioning code fails here until deploy/
// follows it.
import { provisionServiceDatabases } from '@opp/local-stack';
import { APPS } from './apps';
import { renderOverlay } from './render';

const sent: string[] = [];

jest.mock('pg', () => ({
  Client: class {
    async connect(): Promise<void> {}
    async end(): Promise<void> {}
    escapeIdentifier = (name: string) => `"${name}"`;
    escapeLiteral = (value: string) => `'${value}'`;
    // Nothing exists yet, as on a fresh cluster, and the provisioning role is a superuser.
    async query(text: string) {
      sent.push(text);
      return { rowCount: 0, rows: [{ rolsuper: true }] };
    }
  },
}));

interface Cluster {
  kind: string;
  spec: {
    bootstrap: {
      initdb: { database: string; owner: string; postInitApplicationSQL?: string[] };
    };
  };
}

/** One statement as PostgreSQL reads it: whitespace runs and identifier quotes do not count. */
const normalize = (sql: string) => sql.replace(/\s+/g, ' ').replace(/"/g, '').trim();

/** What initdb does itself: the owner's login role and the database it owns. */
const doneByInitdb = (sql: string, owner: string) =>
  sql.startsWith(`CREATE ROLE ${owner} LOGIN `) ||
  sql === `CREATE DATABASE ${owner} OWNER ${owner}`;
/** The Job's reads, its transaction and lock: a bootstrap runs alone, on one session. */
const sessionOnly = (sql: string) => /^(SELECT|BEGIN|COMMIT)\b/.test(sql);

async function statementsOfTheJob(database: string, adminAuditLog: boolean): Promise<string[]> {
  sent.length = 0;
  await provisionServiceDatabases('postgres://admin:secret@db.invalid/postgres', [
    { database, role: database, password: 'secret', adminAuditLog },
  ]);
  return (
    sent
      .map(normalize)
      .filter((sql) => !sessionOnly(sql) && !doneByInitdb(sql, database))
      // Outside a transaction a role is set for the session; the Cluster resets it at the end.
      .map((sql) => sql.replace(/^SET LOCAL ROLE /, 'SET ROLE '))
  );
}

const clusters = renderOverlay('production').filter(
  (o) => o.kind === 'Cluster',
) as unknown as Cluster[];

describe('deploy/overlays/production databases: initdb SQL as the database-roles Job', () => {
  it.each(APPS)('$name', async (app) => {
    const initdb = clusters.find((c) => c.spec.bootstrap.initdb.database === app.database)!.spec
      .bootstrap.initdb;
    const job = await statementsOfTheJob(app.database, app.name === 'api-gateway');
    // The Job would have created the owner and the database (filtered above): initdb names them.
    expect(initdb.owner).toBe(app.database);
    const expected = job.some((sql) => sql.startsWith('SET ROLE ')) ? [...job, 'RESET ROLE'] : job;
    expect((initdb.postInitApplicationSQL ?? []).map(normalize)).toEqual(expected);
  });
});
