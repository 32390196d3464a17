import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';

/**
 * Baseline: the rows one completed card charge writes in the payments database, written directly
 * with pg in one transaction (inbox record, vault card, transaction, journal entry with its three
 * lines, outbox message), on a database migrated with the payments schema, with pg's own client (it does not prepare its
 * statements as the services' does, ADR 0065).
 */
export function pgChargeWrites(databaseUrl: string, concurrency: number) {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: concurrency,
  });
  return {
    async charge(i: number): Promise<void> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO inbox_messages (consumer, message_id) VALUES ('payments', $1)`,
          [randomUUID()],
        );
        const card = await client.query<{ id: string }>(
          `INSERT INTO vault_cards (id, project_id, pan_encrypted, pan_fingerprint, first_six, last_four,
             pan_length, scheme, expiration_month, expiration_year, bank_name, country)
           VALUES ($1, 1, $2, $3, '424000', '0000', 16, 'visa', 12, 2030, 'Sandbox Bank', 'US')
           ON CONFLICT (project_id, pan_fingerprint, expiration_month, expiration_year)
           DO UPDATE SET pan_encrypted = EXCLUDED.pan_encrypted RETURNING id`,
          [randomUUID(), `v1.bench.${randomUUID()}`, `fingerprint-${i}`],
        );
        const transaction = await client.query<{ id: string }>(
          `INSERT INTO transactions (project_id, idempotency_key, order_id, type, method, status,
             original_status, price_minor, fee_minor, currency, description, user_id, user_snapshot,
             card_id, card_view, attributes, sandbox, options)
           VALUES (1, $1, $2, 'payment', 'card', 'completed', 'completed', 1000, 25, 'EUR', 'bench',
             '1', '{"id":"1","identifier":"bench"}', $3, '{"lastFour":"4242"}', '{}', true, '{}')
           RETURNING id`,
          // Its own order id each (ADR 0014: one live payment per order id), as the card scenario.
          [randomUUID(), `bench-${i}-${randomUUID()}`, card.rows[0].id],
        );
        const entry = await client.query<{ id: string }>(
          `INSERT INTO journal_entries (project_id, transaction_id, kind) VALUES (1, $1, 'payment') RETURNING id`,
          [transaction.rows[0].id],
        );
        await client.query(
          `INSERT INTO journal_lines (entry_id, account, currency, debit, credit) VALUES
             ($1, 'acquirer-clearing', 'EUR', 1000, 0), ($1, 'merchant:1:available', 'EUR', 0, 975),
             ($1, 'fee-revenue', 'EUR', 0, 25)`,
          [entry.rows[0].id],
        );
        const id = randomUUID();
        await client.query(
          `INSERT INTO outbox_messages (message_id, topic, message_key, message_type, envelope)
           VALUES ($1, 'bench.none', $2, 'payments.transaction-status-changed.v1', $3::jsonb)`,
          [id, transaction.rows[0].id, JSON.stringify({ id, payload: { status: 'completed' } })],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
