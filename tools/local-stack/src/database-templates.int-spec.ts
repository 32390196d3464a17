import { Client } from 'pg';
import { copyTemplateDatabase, dropTemplateDatabases } from './database-templates';
import { DEFAULT_ADMIN_URL, databaseUrl, dropDatabases } from './databases';

describe('migrated template databases', () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  // Unique per run: two jest runs at once share the PostgreSQL server.
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const templates = `opp_tpl_ls${run}_`;
  const template = `${templates}app`;
  const copies = [1, 2, 3].map((i) => `opp_t_ls_${run}_copy${i}`);

  afterAll(async () => {
    await dropDatabases(adminUrl, copies);
    await dropTemplateDatabases(adminUrl, templates);
  });

  it('makes the template once when stacks race for it, and each copy holds what it was made with', async () => {
    let prepared = 0;
    const prepare = async (url: string) => {
      prepared += 1;
      const db = new Client({ connectionString: url });
      await db.connect();
      await db.query('CREATE TABLE migrated (id int PRIMARY KEY)');
      await db.query('INSERT INTO migrated VALUES (1)');
      await db.end();
    };
    await Promise.all(
      copies.map((copy) => copyTemplateDatabase(adminUrl, template, copy, prepare)),
    );
    expect(prepared).toBe(1);
    for (const copy of copies) {
      const db = new Client({ connectionString: databaseUrl(adminUrl, copy) });
      await db.connect();
      expect((await db.query('SELECT id FROM migrated')).rows).toEqual([{ id: 1 }]);
      await db.end();
    }
  });

  it('refuses sessions on the template and drops it with the run', async () => {
    const session = new Client({ connectionString: databaseUrl(adminUrl, template) });
    await expect(session.connect()).rejects.toThrow(/not currently accepting connections/);
    await dropTemplateDatabases(adminUrl, templates);
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    await admin.end();
    expect(left.rowCount).toBe(0);
  });
});
