import {
  currentCorrelationId,
  currentTraceHeaders,
  runWithCorrelation,
  runWithTraceHeaders,
} from '@opp/observability';
import type { DeliveryOrigin } from '../domain/delivery';

/** The unit of work creating a delivery (the consumed message), to be resumed by its attempts. */
export function currentDeliveryOrigin(): DeliveryOrigin {
  const trace = currentTraceHeaders();
  return {
    correlationId: currentCorrelationId() ?? null,
    traceparent: trace?.traceparent ?? null,
    tracestate: trace?.tracestate ?? null,
  };
}

/**
 * Runs an attempt (or what follows a delivery's creation) in the context of the delivery's origin:
 * its log lines carry the correlation id of the request that caused it, and the HTTP client span
 * joins the same trace.
 */
export function inDeliveryOrigin<T>(origin: DeliveryOrigin, attempt: () => T): T {
  const { correlationId, traceparent, tracestate } = origin;
  const traced = traceparent
    ? () => runWithTraceHeaders({ traceparent, ...(tracestate ? { tracestate } : {}) }, attempt)
    : attempt;
  return correlationId ? runWithCorrelation(correlationId, traced) : traced();
}
