import type { EntityManager } from 'typeorm';

/** One outbox row's values, in the column order of `insertOutboxRows`. */
export type OutboxRow = readonly [
  messageId: string,
  topic: string,
  key: string,
  type: string,
  envelope: string,
  correlationId: string | null,
  traceparent: string | null,
  tracestate: string | null,
];

const COLUMNS = 8;
/**
 * Rows per statement: a transaction's held rows add up across its writes (ADR 0041), and one
 * statement takes at most 65,535 parameters.
 */
const ROWS_PER_STATEMENT = 1000;

/**
 * Writes rows in multi-row INSERTs (one for any run of messages), in the order given: `seq`
 * follows it, and the relay sends in `seq` order (ADR 0019). Rows the writer will send itself
 * after the commit are held from the relay for `heldForMs` (ADR 0044); the trigger NOTIFYs the
 * relay, at commit, only for rows that are not held. Answers the held rows' `seq`s.
 */
export async function insertOutboxRows(
  manager: EntityManager,
  rows: readonly OutboxRow[],
  heldForMs?: number,
): Promise<string[]> {
  const seqs: string[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const values = chunk.flat();
    const held = heldForMs !== undefined;
    const holdUntil = held ? `, now() + $${values.length + 1}::int * interval '1 ms'` : '';
    const tuples = chunk.map((_, i) => {
      const at = (n: number) => `$${i * COLUMNS + n}`;
      return `(${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}::jsonb, ${at(6)}, ${at(7)}, ${at(8)}${holdUntil})`;
    });
    const inserted = await manager.query<{ seq: string }[]>(
      `INSERT INTO outbox_messages (message_id, topic, message_key, message_type, envelope,
         correlation_id, traceparent, tracestate${held ? ', held_until' : ''})
       VALUES ${tuples.join(', ')}${held ? ' RETURNING seq' : ''}`,
      held ? [...values, Math.trunc(heldForMs)] : values,
    );
    if (held) for (const { seq } of inserted) seqs.push(seq);
  }
  return seqs;
}
