import { randomBytes } from 'node:crypto';
import { parseTraceParent, TRACE_PARENT_HEADER, TRACE_STATE_HEADER } from '@opentelemetry/core';

export const TRACEPARENT_HEADER = TRACE_PARENT_HEADER;
export const TRACESTATE_HEADER = TRACE_STATE_HEADER;

/** The W3C Trace Context of a unit of work, as it travels in HTTP and Kafka headers. */
export interface TraceHeaders {
  traceparent: string;
  tracestate?: string;
}

// W3C allows at most 32 list members; 512 characters is what propagators are asked to keep.
const MAX_TRACESTATE = 512;

type HeaderValue = string | Buffer | readonly (string | Buffer)[] | null | undefined;

function text(raw: HeaderValue): string | undefined {
  const value = Array.isArray(raw) ? (raw as readonly (string | Buffer)[])[0] : raw;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return typeof value === 'string' ? value : undefined;
}

/**
 * The trace context carried by HTTP or Kafka headers (string, Buffer or repeated values), or
 * undefined when there is none or the `traceparent` is malformed (W3C: then start a new trace).
 */
export function readTraceHeaders(
  headers: Record<string, HeaderValue> | undefined,
): TraceHeaders | undefined {
  const traceparent = text(headers?.[TRACEPARENT_HEADER])?.trim();
  if (!traceparent || !parseTraceParent(traceparent)) return undefined;
  const tracestate = text(headers?.[TRACESTATE_HEADER])?.trim();
  return tracestate && tracestate.length <= MAX_TRACESTATE
    ? { traceparent, tracestate }
    : { traceparent };
}

/** The headers to send (an empty object when there is no trace context). */
export function traceHeaderFields(trace: TraceHeaders | undefined): Record<string, string> {
  if (!trace) return {};
  return trace.tracestate
    ? { [TRACEPARENT_HEADER]: trace.traceparent, [TRACESTATE_HEADER]: trace.tracestate }
    : { [TRACEPARENT_HEADER]: trace.traceparent };
}

/**
 * A new root context when tracing is off and nothing came in: ids are random as W3C requires, and
 * the sampled flag is set so that a downstream service with tracing on records its part.
 */
export function newTraceHeaders(): TraceHeaders {
  // One draw for both ids (16 bytes of trace id, 8 of span id): the gateway makes one per request.
  const ids = randomBytes(24).toString('hex');
  return { traceparent: `00-${ids.slice(0, 32)}-${ids.slice(32)}-01` };
}

/** The 32-hex trace id of a traceparent. */
export function traceIdOf(trace: TraceHeaders | undefined): string | undefined {
  return trace ? parseTraceParent(trace.traceparent)?.traceId : undefined;
}
