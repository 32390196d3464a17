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

/** A handler's result, kept on its inbox record and answered to a redelivery (ADR 0065). */
export interface InboxResult {
  consumer: string;
  messageId: string;
  json: string;
}

/** Stores results on the inbox records a run claimed; a data-modifying WITH when rows follow. */
const RESULTS = (first: number) => `UPDATE inbox_messages AS i SET result = r.result
  FROM unnest($${first}::text[], $${first + 1}::uuid[], $${first + 2}::jsonb[])
    AS r(consumer, message_id, result)
  WHERE i.consumer = r.consumer AND i.message_id = r.message_id`;

/**
 * One text for any number of rows, so that it is prepared once (ADR 0065); `seq` follows the arrays' order,
 * and the relay sends in `seq` order (ADR 0019).
 */
const INSERT = (held: boolean, first: number) => {
  const at = (n: number) => `$${first + n}`;
  return `INSERT INTO outbox_messages (message_id, topic, message_key, message_type, envelope,
     correlation_id, traceparent, tracestate${held ? ', held_until' : ''})
   SELECT m.message_id, m.topic, m.message_key, m.message_type, m.envelope::jsonb,
     m.correlation_id, m.traceparent, m.tracestate${held ? `, now() + ${at(8)}::int * interval '1 ms'` : ''}
   FROM unnest(${at(0)}::uuid[], ${at(1)}::text[], ${at(2)}::text[], ${at(3)}::text[], ${at(4)}::text[],
     ${at(5)}::text[], ${at(6)}::text[], ${at(7)}::text[]) WITH ORDINALITY
     AS m(message_id, topic, message_key, message_type, envelope, correlation_id, traceparent,
       tracestate, ord)
   ORDER BY m.ord${held ? ' RETURNING seq' : ''}`;
};

const columnsOf = (rows: readonly OutboxRow[]) =>
  Array.from({ length: 8 }, (_, column) => rows.map((row) => row[column]));

const resultColumnsOf = (results: readonly InboxResult[]) => [
  results.map((r) => r.consumer),
  results.map((r) => r.messageId),
  results.map((r) => r.json),
];

/**
 * Writes a transaction's outbox rows, in the order given, and the inbox results of its run, in one
 * statement (ADR 0065). Rows the writer will send itself after the commit are held from the relay
 * for `heldForMs` (ADR 0065); the trigger NOTIFYs the relay, at commit, only for rows that are not
 * held. Answers the held rows' `seq`s.
 */
export async function insertOutboxRows(
  manager: EntityManager,
  rows: readonly OutboxRow[],
  heldForMs?: number,
  results: readonly InboxResult[] = [],
): Promise<string[]> {
  const ctes: string[] = [];
  const params: unknown[] = [];
  const held = rows.length > 0 && heldForMs !== undefined;
  let main: string;
  if (rows.length > 0) {
    if (results.length > 0) {
      ctes.push(`results AS (${RESULTS(params.length + 1)})`);
      params.push(...resultColumnsOf(results));
    }
    main = INSERT(held, params.length + 1);
    params.push(...columnsOf(rows), ...(held ? [Math.trunc(heldForMs)] : []));
  } else if (results.length > 0) {
    main = RESULTS(params.length + 1);
    params.push(...resultColumnsOf(results));
  } else {
    return [];
  }
  const text = ctes.length === 0 ? main : `WITH ${ctes.join(',\n')} ${main}`;
  const inserted = await manager.query<{ seq: string }[]>(text, params);
  return held ? inserted.map(({ seq }) => seq) : [];
}

/** Stores a run's results alone, when it wrote no outbox row (or outside a transaction). */
export async function storeInboxResults(
  manager: EntityManager,
  results: readonly InboxResult[],
): Promise<void> {
  if (results.length > 0) await manager.query(RESULTS(1), resultColumnsOf(results));
}
