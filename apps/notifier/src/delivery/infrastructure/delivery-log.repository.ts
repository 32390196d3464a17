import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DeliveryView } from '@opp/contracts';
import { withPlansForValues } from '@opp/persistence';
import { DeliveryLogStore, type DeliveryLogFilter } from '../application/delivery-log.store';

interface Row {
  id: string;
  kind: string;
  status: 'pending' | 'succeeded' | 'dead';
  project_id: number | null;
  subject: string;
  target: string;
  next_attempt_at: Date | null;
  created_at: Date;
  attempts: Array<{
    number: number;
    outcome: string;
    http_status: number | null;
    error: string | null;
    started_at: string;
    finished_at: string | null;
  }> | null;
}

const STATUS = { pending: 'pending', delivered: 'succeeded', dead: 'dead' } as const;

const SELECT = `
  SELECT d.id, d.kind, d.status, d.project_id, d.subject, d.target, d.next_attempt_at,
         d.created_at,
         (SELECT json_agg(json_build_object('number', a.number, 'outcome', a.outcome,
                   'http_status', a.http_status, 'error', a.error, 'started_at', a.started_at,
                   'finished_at', a.finished_at) ORDER BY a.number)
            FROM delivery_attempts a WHERE a.delivery_id = d.id) AS attempts
    FROM deliveries d`;

/** The deliveries and their attempts in typed SQL (ADR 0031), one statement per page. */
@Injectable()
export class DeliveryLogRepository extends DeliveryLogStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async page(filter: DeliveryLogFilter): Promise<DeliveryView[]> {
    // Its filters are optional: the ones given pick the index (ADR 0065).
    const rows: Row[] = await withPlansForValues(this.dataSource.manager, (tx) =>
      tx.query(
        `${SELECT}
        WHERE ($1::int IS NULL OR d.project_id = $1)
          AND ($2::text[] IS NULL OR d.subject = ANY($2::text[]))
          AND ($3::text IS NULL OR d.status = $3)
          AND ($4::timestamptz IS NULL OR (date_trunc('milliseconds', d.created_at), d.id) < ($4::timestamptz, $5::uuid))
        ORDER BY date_trunc('milliseconds', d.created_at) DESC, d.id DESC
        LIMIT $6`,
        [
          filter.projectId ?? null,
          filter.subjects ?? null,
          filter.status ? STATUS[filter.status] : null,
          filter.before?.createdAt ?? null,
          filter.before?.id ?? null,
          filter.limit,
        ],
      ),
    );
    return rows.map(toView);
  }

  async one(id: string): Promise<DeliveryView | null> {
    const rows: Row[] = await this.dataSource.query(`${SELECT} WHERE d.id = $1`, [id]);
    return rows[0] ? toView(rows[0]) : null;
  }

  async deadIds(projectId: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM deliveries WHERE project_id = $1 AND status = 'dead'
        ORDER BY created_at, id LIMIT $2`,
      [projectId, limit],
    );
    return rows.map((row) => row.id);
  }
}

function toView(row: Row): DeliveryView {
  const attempts = row.attempts ?? [];
  const status = row.status === 'succeeded' ? 'delivered' : row.status;
  return {
    id: row.id,
    target: row.target,
    event: `${row.kind} ${row.subject}`,
    kind: row.kind,
    subject: row.subject,
    projectId: row.project_id,
    status,
    createdAt: row.created_at.toISOString(),
    attempts: attempts.map((a, index) => {
      const started = new Date(a.started_at);
      const finished = a.finished_at === null ? null : new Date(a.finished_at);
      const last = index === attempts.length - 1;
      return {
        at: started.toISOString(),
        httpStatus: a.http_status,
        latencyMs: finished ? Math.max(0, finished.getTime() - started.getTime()) : null,
        error: a.error,
        nextRetryAt:
          last && status === 'pending' && a.outcome === 'failed' && row.next_attempt_at
            ? row.next_attempt_at.toISOString()
            : null,
      };
    }),
  };
}
