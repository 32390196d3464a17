import { Client } from 'pg';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { databaseUrl, dropDatabases, ensureDatabases } from '@opp/local-stack';
import { suitePrefixes, testDatabaseAdminUrl } from '@opp/testing';
import { serviceDataSourceOptions } from './data-source-options';
import { PreparingClient } from './preparing-client';
import { runMigrations } from './run-migrations';

const { dbPrefix } = suitePrefixes('preparing client');
const database = `${dbPrefix}prepared`;
const adminUrl = testDatabaseAdminUrl();
const url = databaseUrl(adminUrl, database);

/** The statements this session holds prepared, by text. */
async function preparedTexts(client: { query: Client['query'] }): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements',
  );
  return rows.map((row) => row.statement);
}

describe('PreparingClient against PostgreSQL', () => {
  let client: PreparingClient;

  beforeAll(async () => {
    await dropDatabases(adminUrl, [database]);
    await ensureDatabases(adminUrl, [database]);
  });

  beforeEach(async () => {
    client = new PreparingClient({ connectionString: url });
    await client.connect();
    await client.query('DROP TABLE IF EXISTS items');
    await client.query('CREATE TABLE items (id int PRIMARY KEY, label text)');
  });

  afterEach(async () => {
    await client.end();
  });

  afterAll(async () => {
    await dropDatabases(adminUrl, [database]);
  });

  it('prepares a parameterized statement once per connection and runs it again by name', async () => {
    const insert = 'INSERT INTO items (id, label) VALUES ($1, $2) RETURNING id';
    expect((await client.query(insert, [1, 'one'])).rows).toEqual([{ id: 1 }]);
    expect((await client.query(insert, [2, 'two'])).rows).toEqual([{ id: 2 }]);

    const prepared = await preparedTexts(client);
    expect(prepared.filter((text) => text === insert)).toHaveLength(1);
    // Without parameters a statement is not named: BEGIN, COMMIT and DDL stay as they are.
    expect(prepared).not.toContain('DROP TABLE IF EXISTS items');
  });

  it('answers with the new columns after a schema change, from the second call on', async () => {
    const select = 'SELECT * FROM items WHERE id = $1';
    await client.query('INSERT INTO items (id, label) VALUES (1, $1)', ['one']);
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, label: 'one' }]);

    const other = new Client({ connectionString: url });
    await other.connect();
    await other.query("ALTER TABLE items ADD COLUMN note text NOT NULL DEFAULT 'n'");
    await other.end();

    // The plan kept from before the change cannot answer: that call fails, as any statement
    // running across a migration may; the work's retry plans the statement afresh.
    await expect(client.query(select, [1])).rejects.toThrow(
      /cached plan must not change result type/,
    );
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, label: 'one', note: 'n' }]);
  });

  it('passes query objects and callbacks through', async () => {
    const byConfig = await client.query({ text: 'SELECT $1::int AS n', values: [7] });
    expect(byConfig.rows).toEqual([{ n: 7 }]);
    const byCallback = await new Promise<unknown>((resolve, reject) =>
      client.query('SELECT $1::text AS s', ['x'], (error, result) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(byCallback).toEqual([{ s: 'x' }]);
    expect(await preparedTexts(client)).toEqual(['SELECT $1::text AS s']);
  });

  it.each([
    [undefined, ['SELECT $1::int AS n']],
    [false, []],
  ])('is the client of a service data source unless switched off (%s)', async (flag, expected) => {
    const dataSource = new DataSource(
      serviceDataSourceOptions({
        service: 'prepared-test',
        url,
        entities: [],
        migrations: [],
        logLevel: 'silent',
        preparedStatements: flag,
      }),
    );
    await dataSource.initialize();
    try {
      await dataSource.transaction(async (tx) => {
        expect(await tx.query('SELECT $1::int AS n', [5])).toEqual([{ n: 5 }]);
        const texts = await tx.query<{ statement: string }[]>(
          'SELECT statement FROM pg_prepared_statements',
        );
        expect(texts.map((row) => row.statement)).toEqual(expected);
      });
    } finally {
      await dataSource.destroy();
    }
  });

  it('is not the client of a migration run: each statement runs once, behind any pooler', async () => {
    let prepared: unknown[] = ['not run'];
    class PreparedProbe1764200000000 implements MigrationInterface {
      async up(q: QueryRunner): Promise<void> {
        await q.query('SELECT $1::int AS n', [1]);
        prepared = await q.query('SELECT statement FROM pg_prepared_statements');
      }
      async down(): Promise<void> {}
    }
    await runMigrations(
      serviceDataSourceOptions({
        service: 'prepared-test',
        url,
        entities: [],
        migrations: [PreparedProbe1764200000000],
        logLevel: 'silent',
      }),
    );
    expect(prepared).toEqual([]);
  });
});
