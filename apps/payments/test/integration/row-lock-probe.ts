import { Client } from 'pg';
import { eventually } from '@opp/testing';

/**
 * Makes a race deterministic: the test itself holds a row lock, as the first of two concurrent
 * requests would between its lock and its claim, proves that the service's request waits for it,
 * then finishes its own transaction as that first request would.
 */
export class RowLockHolder {
  private constructor(private readonly db: Client) {}

  static async lock(databaseUrl: string, sql: string, params: unknown[]): Promise<RowLockHolder> {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query('BEGIN');
    const locked = await db.query(sql, params);
    if (locked.rowCount !== 1)
      throw new Error(`expected to lock one row, locked ${locked.rowCount}`);
    return new RowLockHolder(db);
  }

  /** Resolves once `count` other sessions wait for a lock on `table` (bounded). */
  async waitForBlocked(table: string, count = 1): Promise<void> {
    await eventually(async () => {
      // Statistics views are a snapshot per transaction: take a fresh one for every look.
      await this.db.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await this.db.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND wait_event_type = 'Lock' AND query ILIKE $1`,
        [`%${table}%`],
      );
      return rows[0].waiting >= count;
    }, `${count} session(s) blocked on ${table}`);
  }

  /** Lets the waiting sessions go on without a change (after a failed assertion). */
  async release(): Promise<void> {
    await this.db.query('ROLLBACK').catch(() => undefined);
    await this.db.end().catch(() => undefined);
  }

  /** Runs the holder's own change, commits and lets the waiting sessions go on. */
  async commit(sql?: string, params: unknown[] = []): Promise<void> {
    try {
      if (sql) await this.db.query(sql, params);
      await this.db.query('COMMIT');
    } finally {
      await this.db.end();
    }
  }
}
