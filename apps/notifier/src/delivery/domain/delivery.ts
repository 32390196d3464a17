import type { DeliveryKind, DeliveryStatus } from '@opp/contracts';

/** An HTTP request, complete and final: stored once, sent as it is on every attempt (ADR 0010). */
export interface HttpDeliveryRequest {
  channel: 'http';
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** The exact body bytes (UTF-8), or null for GET. */
  body: string | null;
}

export interface EmailDeliveryRequest {
  channel: 'email';
  to: string;
  subject: string;
  text: string;
}

export type DeliveryRequest = HttpDeliveryRequest | EmailDeliveryRequest;

/** Set on deliveries made for a task (`message.send`): where the result goes. */
export interface DeliveryTask {
  taskId: string;
  globalId: string;
}

export interface NewDelivery {
  kind: DeliveryKind;
  /** Makes creating the same delivery twice a no-op (e.g. a task command delivered twice). */
  dedupeKey: string;
  projectId: number | null;
  partnerIdentifier: string | null;
  /** What the delivery is about: transaction id, globalId, task id. */
  subject: string;
  request: DeliveryRequest;
  task: DeliveryTask | null;
}

/** The correlation id and W3C trace context of what created the delivery (none for old rows). */
export interface DeliveryOrigin {
  correlationId: string | null;
  traceparent: string | null;
  tracestate: string | null;
}

export interface Delivery extends NewDelivery {
  id: string;
  origin: DeliveryOrigin;
  status: DeliveryStatus;
  attempts: number;
  /** Attempts since creation or the last replay: the position in the retry schedule. */
  cycleAttempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  lastHttpStatus: number | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
  deadAt: Date | null;
  /** The task result already reported for this delivery, so a repeated command answers the same. */
  reportedOutcome: 'SUCCESS' | 'FAIL' | null;
}

/** What one attempt came to. `permanent` failures (a refused destination) are not retried. */
export type AttemptResult =
  | { ok: true; httpStatus: number | null }
  | { ok: false; error: string; httpStatus: number | null; permanent?: boolean };

export const targetOf = (request: DeliveryRequest): string =>
  request.channel === 'http' ? request.url : request.to;

export const methodOf = (request: DeliveryRequest): string =>
  request.channel === 'http' ? request.method : 'SMTP';
