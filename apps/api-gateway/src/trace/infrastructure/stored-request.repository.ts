import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TraceStep } from '@opp/contracts';
import { StoredRequests, type StoredRequestQuery } from '../application/trace-sources';

interface Row {
  created_at: Date;
  method: string;
  path: string;
  params_masked: Record<string, unknown> | null;
  status_code: number | null;
  latency_ms: number | null;
  replays: number;
  transaction_id: string | null;
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
    const rows: Row[] = await this.dataSource.query(
      `SELECT created_at, method, path, params_masked, status_code, latency_ms, replays,
              transaction_id
         FROM signed_requests
        WHERE method IS NOT NULL
          AND ($1::int IS NULL OR project_id = $1)
          AND (transaction_id = ANY($2::bigint[]) OR named_transaction_id = ANY($2::bigint[])
               OR ($3::text IS NOT NULL AND project_id = $1 AND order_id = $3))
        ORDER BY created_at`,
      [query.projectId ?? null, query.transactionIds, query.orderId ?? null],
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
      },
    }));
  }
}
