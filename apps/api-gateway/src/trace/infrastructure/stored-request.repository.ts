import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TRACE_SERVICES, type TraceServiceName, type TraceStep } from '@opp/contracts';
import { withPlansForValues } from '@opp/persistence';
import {
  StoredRequests,
  type MessageQuery,
  type StoredRequestQuery,
} from '../application/trace-sources';

interface Row {
  created_at: Date;
  method: string;
  path: string;
  params_masked: Record<string, unknown> | null;
  status_code: number | null;
  latency_ms: number | null;
  replays: number;
  transaction_id: string | null;
  correlation_id: string | null;
}

interface MessageRow {
  topic: string;
  partition: number;
  offset: string;
  message_id: string | null;
  type: string | null;
  message_key: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  traceparent: string | null;
  occurred_at: Date;
}

/** A topic's first segment names its owner (`payments.transaction-events.v1`). */
function serviceOf(topic: string): TraceServiceName {
  const owner = topic.split('.')[0] as TraceServiceName;
  return TRACE_SERVICES.includes(owner) ? owner : 'api-gateway';
}

/**
 * The signed requests the gateway answered (ADR 0003 rows, with ADR 0066's trace columns): those
 * that made or named one of the transactions, or carried the order id. Kept for the replay window.
 */
@Injectable()
export class StoredRequestRepository extends StoredRequests {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async steps(query: StoredRequestQuery): Promise<TraceStep[]> {
    // Which of its keys it is given decides its plan (ADR 0065).
    const rows: Row[] = await withPlansForValues(this.dataSource.manager, (tx) =>
      tx.query(
        `SELECT created_at, method, path, params_masked, status_code, latency_ms, replays,
              transaction_id, correlation_id
         FROM signed_requests
        WHERE method IS NOT NULL
          AND ($1::int IS NULL OR project_id = $1)
          AND (transaction_id = ANY($2::bigint[]) OR named_transaction_id = ANY($2::bigint[])
               OR ($3::text IS NOT NULL AND project_id = $1 AND order_id = $3))
        ORDER BY created_at`,
        [query.projectId ?? null, query.transactionIds, query.orderId ?? null],
      ),
    );
    return rows.map((row) => ({
      at: row.created_at.toISOString(),
      service: 'api-gateway',
      kind: 'request',
      title: `${row.method} ${row.path} → ${row.status_code ?? 'no answer'}${
        row.latency_ms !== null ? ` (${row.latency_ms} ms)` : ''
      }${row.replays > 0 ? `, replayed ${row.replays}×` : ''}`,
      detail: {
        method: row.method,
        path: row.path,
        params: row.params_masked ?? {},
        status: row.status_code,
        latencyMs: row.latency_ms,
        replayed: row.replays > 0,
        replays: row.replays,
        transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
        correlationId: row.correlation_id,
      },
    }));
  }

  /** The trace read model of messages (ADR 0066), by key or by correlation id. */
  async messages(query: MessageQuery): Promise<TraceStep[]> {
    if (query.keys.length === 0 && query.correlationIds.length === 0) return [];
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT topic, partition, "offset"::text AS offset, message_id, type, message_key,
              correlation_id, causation_id, traceparent, occurred_at
         FROM trace_messages
        WHERE message_key = ANY($1::text[]) OR correlation_id = ANY($2::text[])
        ORDER BY occurred_at, topic, partition, "offset"
        LIMIT 500`,
      [query.keys, query.correlationIds],
    );
    return rows.map((row) => ({
      at: row.occurred_at.toISOString(),
      service: serviceOf(row.topic),
      kind: 'message',
      title: `${row.type ?? 'message'} on ${row.topic} [${row.partition}@${row.offset}] key ${
        row.message_key ?? '-'
      }`,
      detail: {
        topic: row.topic,
        type: row.type,
        key: row.message_key,
        partition: row.partition,
        offset: row.offset,
        messageId: row.message_id,
        correlationId: row.correlation_id,
        causationId: row.causation_id,
        traceId: row.traceparent?.split('-')[1] ?? null,
      },
    }));
  }
}
