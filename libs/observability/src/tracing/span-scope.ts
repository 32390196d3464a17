import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanKind,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { runInContext, type UnitOfWorkContext } from '../correlation/unit-of-work-context';
import { currentTraceHeaders } from './trace-context';
import {
  newTraceHeaders,
  readTraceHeaders,
  traceHeaderFields,
  traceIdOf,
  type TraceHeaders,
} from './trace-headers';
import { activeTracer } from './tracing-sdk';

export interface SpanOptions {
  kind: SpanKind;
  /** Continue this context (an incoming request or message); else the current one, else a new trace. */
  parent?: TraceHeaders;
  attributes?: Attributes;
}

// Used directly rather than through propagation's global, which is a no-op until the SDK registers.
const w3c = new W3CTraceContextPropagator();

// The explicit parent, else the active span, else the trace headers carried without a span
// (e.g. a notifier delivery attempt resuming the context stored with the delivery).
function parentContext(parent: TraceHeaders | undefined): Context {
  const active = context.active();
  const headers = parent ?? (trace.getSpan(active) ? undefined : currentTraceHeaders());
  if (!headers) return active;
  return w3c.extract(ROOT_CONTEXT, traceHeaderFields(headers), defaultTextMapGetter);
}

/**
 * Whether the current unit of work belongs to a trace: a span is active, or trace headers travel
 * without one. Spans that only describe work (a statement) are opened only then, so that work done
 * outside any request or message (a poller's round, a batch's own statements) starts no trace.
 */
export function inTraceContext(): boolean {
  return trace.getSpan(context.active()) !== undefined || currentTraceHeaders() !== undefined;
}

/**
 * One span and the trace context below it. With tracing on it is a recorded OpenTelemetry span
 * whose context is active inside `run`; with tracing off it records nothing and `run` only carries
 * the trace headers (the parent's, or new ones at the edge) so they reach the next service.
 */
export class SpanScope {
  private ended = false;

  private constructor(
    private readonly span: Span | undefined,
    private readonly otelContext: Context | undefined,
    /** What this unit of work sends on: its own span's traceparent when recorded. */
    readonly headers: TraceHeaders,
  ) {}

  static open(name: string, options: SpanOptions): SpanScope {
    const tracer = activeTracer();
    if (!tracer) {
      const headers = options.parent ?? currentTraceHeaders() ?? newTraceHeaders();
      return new SpanScope(undefined, undefined, headers);
    }
    const parent = parentContext(options.parent);
    const span = tracer.startSpan(
      name,
      { kind: options.kind, attributes: options.attributes },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    const carrier: Record<string, string> = {};
    w3c.inject(ctx, carrier, defaultTextMapSetter);
    return new SpanScope(span, ctx, readTraceHeaders(carrier) ?? newTraceHeaders());
  }

  get traceId(): string | undefined {
    return traceIdOf(this.headers);
  }

  /**
   * Runs `fn` inside this span's context (OpenTelemetry's and the trace headers'), with `also`
   * (a unit of work's correlation id) set in the same step.
   */
  run<T>(fn: () => T, also: Omit<UnitOfWorkContext, 'trace'> = {}): T {
    const inHeaders = () => runInContext({ ...also, trace: this.headers }, fn);
    return this.otelContext ? context.with(this.otelContext, inHeaders) : inHeaders();
  }

  setAttributes(attributes: Attributes): void {
    this.span?.setAttributes(attributes);
  }

  rename(name: string): void {
    this.span?.updateName(name);
  }

  fail(error: unknown): void {
    if (!this.span) return;
    const exception = error instanceof Error ? error : new Error(String(error));
    this.span.recordException(exception);
    this.span.setStatus({ code: SpanStatusCode.ERROR, message: exception.message });
  }

  /** Ends the span once; later calls do nothing. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.span?.end();
  }
}

/** Runs `fn` in a new span that ends when `fn` settles; a throw marks it failed and propagates. */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (scope: SpanScope) => Promise<T>,
): Promise<T> {
  const scope = SpanScope.open(name, options);
  try {
    return await scope.run(() => fn(scope));
  } catch (error) {
    scope.fail(error);
    throw error;
  } finally {
    scope.end();
  }
}
