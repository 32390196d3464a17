import { Client } from 'pg';

/**
 * The ANALYZE part of PostgreSQL's autovacuum, for a local server that runs without it (ADR 0065):
 * the CI configuration of this machine's server turns autovacuum off. Without ANALYZE no cached
 * plan is ever revisited, so a prepared statement (ADR 0065) or a trigger keeps the plan it got
 * while its tables were empty (a sequential scan), and every later run reads the whole table. An
 * ANALYZE, as autovacuum runs in production, makes those plans again for the tables' real size.
 *
 * It keeps autovacuum's pace: each database once a naptime (a minute), the databases visited in
 * turn, one ANALYZE at a time, each table past autovacuum's default threshold (50 changed rows + 10%
 * of the table). One thing comes sooner: a table's first ANALYZE, at the next visit of any
 * database. A local run starts from empty tables, which a production database left long ago. It
 * does not VACUUM (ADR 0065 says why).
 */
export interface AutoanalyzeStandIn {
  /** Every database now, one after the other (tests, or to settle before a measurement). */
  round(): Promise<void>;
  stop(): Promise<void>;
}

/** autovacuum_naptime's default: how often each database is visited. */
const AUTOVACUUM_NAPTIME_MS = 60_000;

// The one counter it needs, read directly: pg_stat_user_tables computes twenty per table, and this
// runs at every visit, also when the stack is idle. reltuples is -1 until a table's first ANALYZE.
const TABLES_PAST_THRESHOLD = `
  SELECT c.oid::regclass::text AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p')
     AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_toast'
     AND pg_stat_get_mod_since_analyze(c.oid) > 50 + 0.1 * greatest(c.reltuples, 0)
     AND ($1 OR c.reltuples < 0)
   ORDER BY c.relname`;

/** What one visit analyzes in each database: every table past the threshold, or first ANALYZEs only. */
export type VisitScope = 'past-threshold' | 'first-analyze';

/**
 * Visit `visit` (0, 1, 2, ...) takes the databases in turn, as autovacuum's launcher does: the one
 * in turn gets its whole due ANALYZE, the others only their tables' first one.
 */
export function visitPlan(visit: number, databases: number): VisitScope[] {
  return Array.from({ length: databases }, (_, index) =>
    index === visit % databases ? 'past-threshold' : 'first-analyze',
  );
}

/**
 * Starts the stand-in for these databases when the server's autovacuum is off; when it is on,
 * answers undefined and leaves the work to the server.
 */
export async function startAutoanalyzeStandIn(
  databaseUrls: readonly string[],
  options: { naptimeMs?: number; log?: (line: string) => void } = {},
): Promise<AutoanalyzeStandIn | undefined> {
  if (databaseUrls.length === 0) return undefined;
  const clients = databaseUrls.map((url) => {
    const client = new Client({ connectionString: url, application_name: 'autoanalyze stand-in' });
    // A restarting server ends these connections: later visits fail and say so; the stack runs on.
    client.on('error', (error) => options.log?.(`autoanalyze stand-in: ${error.message}`));
    return client;
  });
  try {
    await Promise.all(clients.map((client) => client.connect()));
    const { rows } = await clients[0].query<{ autovacuum: string }>('SHOW autovacuum');
    if (rows[0]?.autovacuum === 'on') {
      await Promise.all(clients.map((client) => client.end()));
      return undefined;
    }
  } catch (error) {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    throw error;
  }
  options.log?.('PostgreSQL runs without autovacuum: the stack analyzes its databases itself');
  // One ANALYZE at a time (a worker takes its database's tables one after the other, and the
  // launcher starts the workers apart): every database at once took both cores of the bench's
  // machine for a few hundred ms (ADR 0065).
  let running: Promise<void> = Promise.resolve();
  const inTurn = (scopes: readonly VisitScope[]) =>
    (running = running
      .catch(() => undefined)
      .then(async () => {
        for (const [index, scope] of scopes.entries()) await analyzeDue(clients[index], scope);
      }));
  let visit = 0;
  const timer = setInterval(
    () => {
      inTurn(visitPlan(visit++, clients.length)).catch((error: unknown) =>
        options.log?.(`autoanalyze stand-in: ${(error as Error).message}`),
      );
    },
    (options.naptimeMs ?? AUTOVACUUM_NAPTIME_MS) / clients.length,
  );
  timer.unref();
  return {
    round: () => inTurn(clients.map((): VisitScope => 'past-threshold')),
    async stop() {
      clearInterval(timer);
      await running.catch(() => undefined);
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    },
  };
}

/** One database's visit: ANALYZE each table the scope takes, one after the other. */
export async function analyzeDue(client: Client, scope: VisitScope): Promise<void> {
  const { rows } = await client.query<{ name: string }>(TABLES_PAST_THRESHOLD, [
    scope === 'past-threshold',
  ]);
  for (const table of rows) await client.query(`ANALYZE ${table.name}`);
}
