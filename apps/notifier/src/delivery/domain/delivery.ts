import type { DeliveryKind, DeliveryStatus } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { nextRetryDelay } from './retry-schedule';

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
  /**
   * The subject whose older deliveries of the same project go first (a refund's payment), beside
   * the older ones of its own subject (ADR 0010: callbacks in order per payment).
   */
  follows?: string | null;
  request: DeliveryRequest;
  task: DeliveryTask | null;
}

/** The correlation id and W3C trace context of what created the delivery (none for old rows). */
export interface DeliveryOrigin {
  correlationId: string | null;
  traceparent: string | null;
  tracestate: string | null;
}

/** A delivery to create with the origin of what caused it (ADR 0065: several in one statement). */
export interface OriginatedDelivery {
  delivery: NewDelivery;
  origin: DeliveryOrigin;
  /**
   * The place, in a run stored in one statement, of the event that caused it (ADR 0065): the
   * deliveries of a later event come after it in ADR 0010's order; those of one event (a finished
   * request's targets) are not ordered among themselves.
   */
  turn: number;
}

/** Everything stored about a delivery. */
export interface DeliveryState extends NewDelivery {
  id: string;
  origin: DeliveryOrigin;
  status: DeliveryStatus;
  attempts: number;
  /** Attempts since creation or the last replay: the position in the retry schedule. */
  cycleAttempts: number;
  /** Creation or the last replay: the schedule's total bounds the cycle by wall clock (ADR 0033). */
  cycleStartedAt: Date;
  nextAttemptAt: Date | null;
  lastError: string | null;
  lastHttpStatus: number | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
  deadAt: Date | null;
  /** The task result already reported for this delivery, so a repeated command answers the same. */
  reportedOutcome: ReportedOutcome | null;
}

/**
 * What one attempt came to. `permanent` failures (a refused destination) are not retried;
 * `unreachable` ones (refused, reset, timed out, unresolved) are what the circuit breaker counts.
 */
export type AttemptResult =
  | { ok: true; httpStatus: number | null }
  | {
      ok: false;
      error: string;
      httpStatus: number | null;
      permanent?: boolean;
      unreachable?: boolean;
    };

/** What recording an attempt makes of the delivery: delivered, retried later, or dead. */
export type DeliveryUpdate =
  | { status: 'succeeded'; httpStatus: number | null }
  | { status: 'pending'; error: string; httpStatus: number | null; retryInMs: number }
  | { status: 'dead'; error: string; httpStatus: number | null };

export type ReportedOutcome = 'SUCCESS' | 'FAIL';

export type Refusal = { ok: false; code: ErrorCode; message: string };

export class DeliveryNotInFlightError extends Error {
  override readonly name = 'DeliveryNotInFlightError';
}

/**
 * One delivery and its transitions (ADR 0010): an attempt's result makes it succeeded, pending
 * again at the next delay of the retry schedule, or dead; an operator replays a dead one; a
 * delivery made for a task reports its final outcome once. Claiming due deliveries is a batch
 * statement of the store (attempts + 1, the lease), not a method here.
 */
export class Delivery {
  private constructor(private current: DeliveryState) {}

  static restore(state: DeliveryState): Delivery {
    return new Delivery({ ...state });
  }

  get state(): Readonly<DeliveryState> {
    return this.current;
  }

  /** Succeeded or dead: no attempt is due any more (until a replay). */
  get isFinal(): boolean {
    return this.current.status !== 'pending';
  }

  /**
   * Held by its destination's open circuit breaker past the whole retry schedule, counted from the
   * start of its cycle: it is dead-lettered rather than held any longer (ADR 0010, ADR 0033).
   */
  isPastSchedule(schedule: readonly number[], now: Date = new Date()): boolean {
    const total = schedule.reduce((sum, delay) => sum + delay, 0);
    return now.getTime() >= this.current.cycleStartedAt.getTime() + total;
  }

  /**
   * The result of the claimed attempt: success; a retry after the next delay of `schedule` (with
   * jitter); or dead when the schedule of this cycle is used up or the failure is permanent.
   */
  recordAttempt(
    result: AttemptResult,
    schedule: readonly number[],
    now: Date = new Date(),
    random: () => number = Math.random,
  ): DeliveryUpdate {
    if (this.current.status !== 'pending') {
      throw new DeliveryNotInFlightError(`delivery ${this.current.id} is ${this.current.status}`);
    }
    const update = decide(result, schedule, this.current.cycleAttempts, random);
    const failed = update.status === 'succeeded' ? null : update.error;
    this.current = {
      ...this.current,
      status: update.status,
      lastError: failed,
      lastHttpStatus: update.httpStatus,
      nextAttemptAt:
        update.status === 'pending' ? new Date(now.getTime() + update.retryInMs) : null,
      succeededAt: update.status === 'succeeded' ? now : this.current.succeededAt,
      deadAt: update.status === 'dead' ? now : null,
      updatedAt: now,
    };
    return update;
  }

  /**
   * An operator's replay: only a dead delivery, sent again as stored (same parameters, same
   * signature), due now and at the start of a fresh retry schedule.
   */
  replay(now: Date = new Date()): { ok: true } | Refusal {
    const { id, status } = this.current;
    if (status !== 'dead') {
      return {
        ok: false,
        code: ErrorCode.InvalidParameter,
        message: `delivery ${id} is ${status}; only a dead delivery can be replayed`,
      };
    }
    this.current = {
      ...this.current,
      status: 'pending',
      cycleAttempts: 0,
      cycleStartedAt: now,
      nextAttemptAt: now,
      deadAt: null,
      updatedAt: now,
    };
    return { ok: true };
  }

  /** Final, made for a task, and not reported yet: `takeOutcomeToReport` would answer one. */
  get hasOutcomeToReport(): boolean {
    return Boolean(this.current.task) && !this.current.reportedOutcome && this.isFinal;
  }

  /**
   * A final delivery made for a task reports its outcome once: SUCCESS when delivered, FAIL when
   * dead. Null when there is nothing (new) to report: no task, not final, or reported before.
   */
  takeOutcomeToReport(): ReportedOutcome | null {
    if (!this.hasOutcomeToReport) return null;
    const outcome: ReportedOutcome = this.current.status === 'succeeded' ? 'SUCCESS' : 'FAIL';
    this.current = { ...this.current, reportedOutcome: outcome };
    return outcome;
  }
}

function decide(
  result: AttemptResult,
  schedule: readonly number[],
  cycleAttempts: number,
  random: () => number,
): DeliveryUpdate {
  if (result.ok) return { status: 'succeeded', httpStatus: result.httpStatus };
  const delay = result.permanent ? null : nextRetryDelay(schedule, cycleAttempts, random);
  if (delay === null) return { status: 'dead', error: result.error, httpStatus: result.httpStatus };
  return {
    status: 'pending',
    error: result.error,
    httpStatus: result.httpStatus,
    retryInMs: delay,
  };
}

export const targetOf = (request: DeliveryRequest): string =>
  request.channel === 'http' ? request.url : request.to;

export const methodOf = (request: DeliveryRequest): string =>
  request.channel === 'http' ? request.method : 'SMTP';

/** The destination a circuit breaker guards (ADR 0033): scheme, host and port; none for e-mail. */
export const destinationOf = (request: DeliveryRequest): string | null => {
  if (request.channel !== 'http' || !URL.canParse(request.url)) return null;
  return new URL(request.url).origin;
};
