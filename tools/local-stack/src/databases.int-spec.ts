import { Client } from 'pg';
import { DEFAULT_ADMIN_URL, databaseUrl, dropDatabases, ensureDatabases } from './databases';

describe('databases', () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  // Unique per run: two jest runs at once share the PostgreSQL server.
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const names = [`opp_t_ls_${run}_a`, `opp_t_ls_${run}_b`];

  beforeAll(() => dropDatabases(adminUrl, names));
  afterAll(() => dropDatabases(adminUrl, names));

  it('creates missing databases once, also when callers race', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureDatabases(adminUrl, names)));
    expect(results.flat().sort()).toEqual([...names].sort());

    const client = new Client({ connectionString: databaseUrl(adminUrl, names[0]) });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.end();
    expect(rows[0].db).toBe(names[0]);
  });

  it('drops databases that still have sessions', async () => {
    const client = new Client({ connectionString: databaseUrl(adminUrl, names[1]) });
    await client.connect();
    client.on('error', () => undefined);
    await dropDatabases(adminUrl, names);
    await client.end().catch(() => undefined);
    expect(await ensureDatabases(adminUrl, names)).toEqual(names);
  });
});
