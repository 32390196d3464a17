import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TracingOptions {
  /** OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); tracing is off without it. */
  endpoint?: string;
  /** `service.name` of every span (OTEL_SERVICE_NAME, else the service's own name). */
  serviceName: string;
  /** How long spans wait in the batch before export (OTEL_BSP_SCHEDULE_DELAY), ms. */
  exportDelayMs?: number;
  /**
   * Replaces the OTLP exporter (unit tests: the OTLP exporter loads its HTTP agent with a dynamic
   * import, which Jest's VM does not allow; the integration tests cover the real export).
   */
  exporter?: SpanExporter;
}

let provider: NodeTracerProvider | undefined;
let tracer: Tracer | undefined;

/**
 * Registers the OpenTelemetry SDK when an endpoint is configured, once per process. Without one
 * nothing is registered: the API stays a no-op and spans cost nothing (trace headers still travel,
 * see trace-context.ts). Spans go out as OTLP/HTTP JSON to `<endpoint>/v1/traces`, in batches.
 */
export function startTracing(options: TracingOptions): boolean {
  if (!options.endpoint || provider) return provider !== undefined;
  const exporter =
    options.exporter ??
    new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(exporter, { scheduledDelayMillis: options.exportDelayMs ?? 5000 }),
    ],
  });
  // Also registers the AsyncLocalStorage context manager and the W3C propagator.
  provider.register();
  tracer = trace.getTracer('opp');
  return true;
}

/** Exports what is still buffered and unregisters; spans started later are no-ops. */
export async function stopTracing(): Promise<void> {
  const current = provider;
  provider = undefined;
  tracer = undefined;
  if (!current) return;
  await current.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}

/**
 * Whether spans are recorded: spans that only describe work (a statement, a producer request) are
 * not opened at all when they are not, as they carry no context anywhere.
 */
export function tracingOn(): boolean {
  return tracer !== undefined;
}

/** The tracer while tracing is on, else undefined (callers then only carry trace headers). */
export function activeTracer(): Tracer | undefined {
  return tracer;
}
