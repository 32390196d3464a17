import { Delivery, type DeliveryState } from '../domain/delivery';

/** A raw `deliveries` row (snake_case, as `SELECT *` returns it). */
export interface DeliveryRow {
  id: string;
  kind: DeliveryState['kind'];
  status: DeliveryState['status'];
  dedupe_key: string;
  project_id: number | null;
  partner_identifier: string | null;
  subject: string;
  follows: string | null;
  request: DeliveryState['request'];
  task: DeliveryState['task'];
  attempts: number;
  cycle_attempts: number;
  cycle_started_at: Date;
  next_attempt_at: Date | null;
  /** The lease of the attempt in flight, on the wall clock (ADR 0069); not part of the domain. */
  leased_until: Date | null;
  last_error: string | null;
  last_http_status: number | null;
  reported_outcome: DeliveryState['reportedOutcome'];
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
    return Delivery.restore({
      id: row.id,
      kind: row.kind,
      status: row.status,
      dedupeKey: row.dedupe_key,
      projectId: row.project_id,
      partnerIdentifier: row.partner_identifier,
      subject: row.subject,
      follows: row.follows ?? null,
      request: row.request,
      task: row.task,
      attempts: row.attempts,
      cycleAttempts: row.cycle_attempts,
      cycleStartedAt: row.cycle_started_at,
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
    });
  },
};
