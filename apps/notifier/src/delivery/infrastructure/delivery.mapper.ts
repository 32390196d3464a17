import type { DeliveryViewV1 } from '@opp/contracts';
import { methodOf, targetOf, type Delivery } from '../domain/delivery';

/** A raw `deliveries` row (snake_case, as `SELECT *` returns it). */
export interface DeliveryRow {
  id: string;
  kind: Delivery['kind'];
  status: Delivery['status'];
  dedupe_key: string;
  project_id: number | null;
  partner_identifier: string | null;
  subject: string;
  request: Delivery['request'];
  task: Delivery['task'];
  attempts: number;
  cycle_attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  last_http_status: number | null;
  reported_outcome: Delivery['reportedOutcome'];
  created_at: Date;
  updated_at: Date;
  succeeded_at: Date | null;
  dead_at: Date | null;
  correlation_id: string | null;
  traceparent: string | null;
  tracestate: string | null;
}

export const DeliveryMapper = {
  toDomain(row: DeliveryRow): Delivery {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      dedupeKey: row.dedupe_key,
      projectId: row.project_id,
      partnerIdentifier: row.partner_identifier,
      subject: row.subject,
      request: row.request,
      task: row.task,
      attempts: row.attempts,
      cycleAttempts: row.cycle_attempts,
      nextAttemptAt: row.next_attempt_at,
      lastError: row.last_error,
      lastHttpStatus: row.last_http_status,
      reportedOutcome: row.reported_outcome,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      succeededAt: row.succeeded_at,
      deadAt: row.dead_at,
      origin: {
        correlationId: row.correlation_id,
        traceparent: row.traceparent,
        tracestate: row.tracestate,
      },
    };
  },

  /** What the admin API shows: never the body (it holds signatures and message texts). */
  toView(d: Delivery): DeliveryViewV1 {
    return {
      id: d.id,
      kind: d.kind,
      status: d.status,
      projectId: d.projectId,
      partnerIdentifier: d.partnerIdentifier,
      subject: d.subject,
      method: methodOf(d.request),
      target: targetOf(d.request),
      attempts: d.attempts,
      lastError: d.lastError,
      lastHttpStatus: d.lastHttpStatus,
      nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
      createdAt: d.createdAt.toISOString(),
      updatedAt: d.updatedAt.toISOString(),
      succeededAt: iso(d.succeededAt),
      deadAt: iso(d.deadAt),
    };
  },
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);
