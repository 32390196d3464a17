import { Client } from 'pg';
import { analyzeDue, startAutoanalyzeStandIn } from './autoanalyze-stand-in';
import { DEFAULT_ADMIN_URL, databaseUrl, dropDatabases, ensureDatabases } from './databases';

const CLAIM_ANSWERS = `
  UPDATE requests AS r SET answer = a.answer
    FROM unnest($1::int[], $2::text[]) AS a(id, answer)
   WHERE r.id = a.id`;

/** The plan a session's cached (generic) plan of CLAIM_ANSWERS reads `requests` with. */
async function planOfRequests(session: Client): Promise<string> {
  const { rows } = await session.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN EXECUTE claim_answers('{1}', '{x}')`,
  );
  const line = rows
    .map((row) => row['QUERY PLAN'])
    .find((text) => / Scan (using \w+ )?on requests/.test(text));
  return line?.trim() ?? '(no scan of requests)';
}

/** A table's row estimate: -1 until its first ANALYZE. */
async function reltuplesOf(session: Client, table: string): Promise<number> {
  const { rows } = await session.query<{ reltuples: number }>(
    `SELECT reltuples FROM pg_class WHERE relname = $1`,
    [table],
  );
  return rows[0].reltuples;
}

describe('the autoanalyze stand-in', () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  const name = `opp_t_aa_${process.pid.toString(36)}${Date.now().toString(36)}`;
  const url = databaseUrl(adminUrl, name);
  const session = new Client({ connectionString: url });

  beforeAll(async () => {
    await ensureDatabases(adminUrl, [name]);
    await session.connect();
    await session.query('CREATE TABLE requests (id int PRIMARY KEY, answer text)');
  });

  afterAll(async () => {
    await session.end();
    await dropDatabases(adminUrl, [name]);
  });

  it('analyzes a grown table, so a plan cached while it was empty is made again', async () => {
    const { rows } = await session.query<{ autovacuum: string }>('SHOW autovacuum');
    const standIn = await startAutoanalyzeStandIn([url], { naptimeMs: 3_600_000 });
    if (rows[0].autovacuum === 'on') {
      // The server does this itself; the stand-in stays out of its way.
      expect(standIn).toBeUndefined();
      return;
    }
    expect(standIn).toBeDefined();
    try {
      // A prepared statement's plan, made while the table is empty and kept (as ADR 0065 keeps
      // every statement of the services prepared on its connection).
      await session.query(`SET plan_cache_mode = force_generic_plan`);
      await session.query(`PREPARE claim_answers(int[], text[]) AS ${CLAIM_ANSWERS}`);
      expect(await planOfRequests(session)).toMatch(/^->\s+Seq Scan on requests/);

      await session.query(
        `INSERT INTO requests SELECT n, NULL FROM generate_series(1, 20000) AS n`,
      );
      await session.query('SELECT pg_stat_force_next_flush()');
      // Nothing revisits the plan by itself: the table is 20,000 rows now.
      expect(await planOfRequests(session)).toMatch(/Seq Scan on requests/);

      // Table statistics reach the stand-in once the inserting session has reported them.
      for (let attempt = 0; attempt < 50; attempt++) {
        await standIn!.round();
        if ((await reltuplesOf(session, 'requests')) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await planOfRequests(session)).toMatch(/Index Scan using requests_pkey/);
    } finally {
      await standIn!.stop();
    }
  });

  it("takes only tables' first ANALYZE in a database that is not in turn", async () => {
    const reltuples = (table: string) => reltuplesOf(session, table);
    await session.query('CREATE TABLE analyzed_before (id int PRIMARY KEY)');
    await session.query('CREATE TABLE never_analyzed (id int PRIMARY KEY)');
    await session.query('INSERT INTO analyzed_before SELECT generate_series(1, 100)');
    await session.query('ANALYZE analyzed_before');
    // Both past the threshold (50 + 10% of the table): the counters reach other sessions once flushed.
    await session.query('INSERT INTO analyzed_before SELECT generate_series(101, 1000)');
    await session.query('INSERT INTO never_analyzed SELECT generate_series(1, 1000)');
    await session.query('SELECT pg_stat_force_next_flush()');
    const visitor = new Client({ connectionString: url });
    await visitor.connect();
    try {
      for (let attempt = 0; attempt < 50 && (await reltuples('never_analyzed')) < 0; attempt++) {
        await analyzeDue(visitor, 'first-analyze');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await reltuples('never_analyzed')).toBe(1000);
      expect(await reltuples('analyzed_before')).toBe(100);

      await analyzeDue(visitor, 'past-threshold');
      expect(await reltuples('analyzed_before')).toBe(1000);
    } finally {
      await visitor.end();
    }
  });
});
