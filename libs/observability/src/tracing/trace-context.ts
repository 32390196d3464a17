import { AsyncLocalStorage } from 'node:async_hooks';
import type { TraceHeaders } from './trace-headers';

// The trace context of the unit of work in progress, kept whether or not spans are recorded: with
// tracing off no OpenTelemetry context manager is registered, yet a `traceparent` that came in
// (or one made up at the edge) must still reach the next service (docs/operations/tracing.md).
const storage = new AsyncLocalStorage<TraceHeaders>();

export function runWithTraceHeaders<T>(trace: TraceHeaders, fn: () => T): T {
  return storage.run(trace, fn);
}

/** What to put in outgoing headers and outbox rows now, or undefined outside a unit of work. */
export function currentTraceHeaders(): TraceHeaders | undefined {
  return storage.getStore();
}
