import { Client } from 'pg';
import { MigratedTestDatabase, suitePrefixes } from '@opp/testing';
import { migrations, serviceDatabaseUrl } from './database-options';

const { dbPrefix } = suitePrefixes('status history switch');

/**
 * TRACE_RECORDING (ADR 0066) on the database: the status-history trigger records every state a
 * transaction or payout enters, unless the connection is one of a payments service started with
 * TRACE_RECORDING=off (its URL carries `opp.trace_recording=off`).
 */
describe('status history: the TRACE_RECORDING switch', () => {
  let db: MigratedTestDatabase;
  let url: string;

  beforeAll(async () => {
    db = await MigratedTestDatabase.create(`${dbPrefix}switch`, migrations);
    url = (db.dataSource.options as { url: string }).url;
  });

  afterAll(async () => {
    await db?.drop();
  });

  /** A payout reserved then completed over a connection of its own: the states recorded. */
  async function statesRecordedThrough(connectionString: string): Promise<string[]> {
    const client = new Client({ connectionString });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO payouts (project_id, type_key, amount_minor, currency, account_display, status)
         VALUES (1, 'card', 100, 'EUR', '4242', 'reserved') RETURNING id`,
      );
      await client.query(`UPDATE payouts SET status = 'completed' WHERE id = $1`, [rows[0].id]);
      const history = await client.query<{ status: string }>(
        `SELECT status FROM status_history WHERE subject = 'payouts' AND subject_id = $1
          ORDER BY id`,
        [rows[0].id],
      );
      return history.rows.map((row) => row.status);
    } finally {
      await client.end();
    }
  }

  it('records every state by default', async () => {
    expect(await statesRecordedThrough(serviceDatabaseUrl(url, 'on'))).toEqual([
      'reserved',
      'completed',
    ]);
  });

  it('records nothing on a connection of a service with TRACE_RECORDING=off', async () => {
    expect(await statesRecordedThrough(serviceDatabaseUrl(url, 'off'))).toEqual([]);
  });

  it('holds the same condition on the transactions trigger', async () => {
    const rows: Array<{ table: string; definition: string }> = await db.dataSource.query(
      `SELECT tgrelid::regclass::text AS table, pg_get_triggerdef(oid) AS definition
         FROM pg_trigger WHERE tgname LIKE '%status_history' ORDER BY 1`,
    );
    expect(rows.map((row) => row.table)).toEqual(['payouts', 'transactions']);
    for (const row of rows) {
      expect(row.definition).toContain("current_setting('opp.trace_recording'");
    }
  });
});
