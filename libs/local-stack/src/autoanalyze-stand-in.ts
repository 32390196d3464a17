import { Client } from 'pg';

/**
 * The ANALYZE part of PostgreSQL's autovacuum, for a local server that runs without it (ADR 0049):
 * the CI configuration of this machine's server turns autovacuum off. Without ANALYZE no cached
 * plan is ever revisited, so a prepared statement (ADR 0046) or a trigger keeps the plan it got
 * while its tables were empty (a sequential scan), and every later run reads the whole table. An
 * ANALYZE, as autovacuum runs in production, makes those plans again for the tables' real size.
 *
 * Each round analyzes every table past autovacuum's default threshold (50 changed rows + 10% of
 * the table). The rounds come more often than autovacuum's minute: a local run lasts minutes and
 * its tables grow from nothing, which a production table of that size does not. It does not
 * VACUUM (ADR 0049 says why).
 */
export interface AutoanalyzeStandIn {
  /** One round now (tests, or to settle before a measurement). */
  round(): Promise<void>;
  stop(): Promise<void>;
}

const AUTOANALYZE_STAND_IN_INTERVAL_MS = 10_000;

// The one counter it needs, read directly: pg_stat_user_tables computes twenty per table, and this
// runs every round in every database, also when the stack is idle.
const TABLES_TO_ANALYZE = `
  SELECT c.oid::regclass::text AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p')
     AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_toast'
     AND pg_stat_get_mod_since_analyze(c.oid) > 50 + 0.1 * greatest(c.reltuples, 0)
   ORDER BY c.relname`;

/**
 * Starts the stand-in for these databases when the server's autovacuum is off; when it is on,
 * answers undefined and leaves the work to the server.
 */
export async function startAutoanalyzeStandIn(
  databaseUrls: readonly string[],
  options: { intervalMs?: number; log?: (line: string) => void } = {},
): Promise<AutoanalyzeStandIn | undefined> {
  if (databaseUrls.length === 0) return undefined;
  const clients = databaseUrls.map((url) => {
    const client = new Client({ connectionString: url, application_name: 'autoanalyze stand-in' });
    // A restarting server ends these connections: later rounds fail and say so; the stack runs on.
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
  let running: Promise<void> | undefined;
  const round = () =>
    (running ??= Promise.all(clients.map(analyzeWhatChanged))
      .then(() => undefined)
      .finally(() => (running = undefined)));
  const timer = setInterval(() => {
    round().catch((error: unknown) =>
      options.log?.(`autoanalyze stand-in: ${(error as Error).message}`),
    );
  }, options.intervalMs ?? AUTOANALYZE_STAND_IN_INTERVAL_MS);
  timer.unref();
  return {
    round,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    },
  };
}

async function analyzeWhatChanged(client: Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(TABLES_TO_ANALYZE);
  for (const table of rows) await client.query(`ANALYZE ${table.name}`);
}
