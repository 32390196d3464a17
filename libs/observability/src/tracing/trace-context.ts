import { currentContext, runInContext } from '../correlation/unit-of-work-context';
import type { TraceHeaders } from './trace-headers';

// The trace context of the unit of work in progress, kept whether or not spans are recorded: with
// tracing off no OpenTelemetry context manager is registered, yet a `traceparent` that came in
// (or one made up at the edge) must still reach the next service (docs/operations/tracing.md).

export function runWithTraceHeaders<T>(trace: TraceHeaders, fn: () => T): T {
  return runInContext({ trace }, fn);
}

/** What to put in outgoing headers and outbox rows now, or undefined outside a unit of work. */
export function currentTraceHeaders(): TraceHeaders | undefined {
  return currentContext()?.trace;
}
