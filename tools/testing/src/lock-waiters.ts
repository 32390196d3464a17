import { eventually } from './eventually';

/** Any SQL client's query: a DataSource's, a test kit's. */
type Query = (sql: string, params: unknown[]) => Promise<unknown[]>;

/**
 * Resolves once exactly `count` sessions of `database` wait for a lock (bounded, as `eventually`):
 * a race made deterministic, where a test holds a transaction open and proves that the code under
 * test waits for it before letting it go on.
 */
export async function lockWaitersReach(
  query: Query,
  database: string,
  count: number,
  what: string,
): Promise<void> {
  await eventually(async () => {
    const waiting = await query(
      `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = $1`,
      [database],
    );
    return waiting.length === count;
  }, what);
}
