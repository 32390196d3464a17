import { Client } from 'pg';
import { allTopics } from '@opp/contracts';
import {
  APP_NAMES,
  databaseUrl,
  dropDatabases,
  findRepoRoot,
  localDir,
  SERVICES,
  startStack,
  type AppName,
} from '@opp/local-stack';
import { suiteSlug, testBrokers, testDatabaseAdminUrl } from '@opp/testing';
import { databasesCommand } from './databases';

// compose and Kubernetes give each service its own login role, owner of its database and nothing
// else: the provisioning step creates them from the services' URLs, and all six services migrate,
// start and serve with them.
describe('one database role per service', () => {
  const adminUrl = testDatabaseAdminUrl();
  const tag = process.env.OPP_TEST_DB_TAG ? `${process.env.OPP_TEST_DB_TAG}_` : '';
  const prefix = `opp_t_${tag}${suiteSlug('db roles')}_`;
  const nameOf = (app: AppName) => `${prefix}${app.replace(/-/g, '_')}`;
  const urlOf = (app: AppName, password = `pw-${app}`) => {
    const url = new URL(databaseUrl(adminUrl, nameOf(app)));
    url.username = nameOf(app);
    url.password = password;
    return url.toString();
  };
  const env = (password?: (app: AppName) => string) => ({
    POSTGRES_ADMIN_URL: adminUrl,
    ...Object.fromEntries(
      SERVICES.map((service) => [
        service.databaseEnv,
        urlOf(service.name, password?.(service.name)),
      ]),
    ),
  });
  const asAdmin = async <T>(use: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  };
  const cleanUp = async () => {
    await dropDatabases(adminUrl, APP_NAMES.map(nameOf));
    await asAdmin(async (client) => {
      for (const app of APP_NAMES) {
        await client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(nameOf(app))}`);
      }
    });
  };

  beforeAll(cleanUp);
  afterAll(cleanUp);

  it('creates a login role per service that owns its database and nothing more', async () => {
    expect(await databasesCommand(env())).toBe(0);
    const roles = await asAdmin((client) =>
      client.query(
        `SELECT r.rolname, r.rolsuper, r.rolcreatedb, r.rolcreaterole, r.rolcanlogin, d.datname
           FROM pg_roles r LEFT JOIN pg_database d ON d.datdba = r.oid
          WHERE r.rolname LIKE $1 ORDER BY r.rolname`,
        [`${prefix}%`],
      ),
    );
    expect(roles.rows).toHaveLength(6);
    for (const row of roles.rows) {
      expect(row).toMatchObject({
        rolsuper: false,
        rolcreatedb: false,
        rolcreaterole: false,
        rolcanlogin: true,
        datname: row.rolname,
      });
    }
  });

  it('refuses a service role in another service database', async () => {
    const intruder = new URL(urlOf('payments'));
    intruder.pathname = `/${nameOf('api-gateway')}`;
    const client = new Client({ connectionString: intruder.toString() });
    await expect(client.connect()).rejects.toThrow(/permission denied for database/);
    await client.end().catch(() => undefined);
  });

  it('is idempotent, and refuses a URL with the superuser or without a password', async () => {
    expect(await databasesCommand(env((app) => `rotated-${app}`))).toBe(0);
    const superuser = {
      ...env(),
      PAYMENTS_DATABASE_URL: databaseUrl(adminUrl, nameOf('payments')),
    };
    expect(await databasesCommand(superuser)).toBe(78);
  });

  it('migrates and runs all six services with their own roles', async () => {
    const stack = await startStack({
      brokers: testBrokers(),
      topics: allTopics,
      prefix: `t.db_roles.${Date.now().toString(36)}.`,
      dbPrefix: prefix,
      adminUrl,
      databaseUrlFor: (app) => urlOf(app),
      nodeEnv: 'test',
      logLevel: 'warn',
      logDir: localDir(findRepoRoot(), 'logs', 'test', 'db_roles'),
    });
    try {
      for (const handle of stack.handles) {
        expect((await fetch(`${handle.url}/health/ready`)).status).toBe(200);
      }
      // The migrations ran as the service: its tables belong to its role.
      const payments = new Client({ connectionString: urlOf('payments') });
      await payments.connect();
      const owners = await payments
        .query(`SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'`)
        .finally(() => payments.end());
      expect(owners.rows).toEqual([{ tableowner: nameOf('payments') }]);
    } finally {
      await stack.stop();
    }
  });
});
