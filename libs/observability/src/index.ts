// Public API of @opp/observability: JSON logging with card-data redaction, request/correlation
// ids, W3C trace context and OpenTelemetry spans, the /health endpoints and the Prometheus /metrics
// every service exposes.

export { createLogger } from './logging/create-logger';
export { buildPinoOptions, type LoggerConfig } from './logging/pino-options';
export { scrubString, scrubValue } from './logging/scrub';

export { REDACTED, SENSITIVE_KEYS, isSensitiveKey, redactPaths } from './logging/sensitive-keys';
export { LogIds } from './logging/log-ids';

export {
  CorrelationContext,
  currentCorrelationId,
  runWithCorrelation,
} from './correlation/correlation-context';
export {
  CORRELATION_ID_HEADER,
  REQUEST_ID_HEADER,
  normalizeCorrelationId,
  resolveRequestId,
} from './correlation/request-id';

export {
  TRACEPARENT_HEADER,
  TRACESTATE_HEADER,
  newTraceHeaders,
  readTraceHeaders,
  traceHeaderFields,
  traceIdOf,
  type TraceHeaders,
} from './tracing/trace-headers';
export { currentTraceHeaders, runWithTraceHeaders } from './tracing/trace-context';
export { SpanScope, inSpan, inTraceContext, type SpanOptions } from './tracing/span-scope';
export { inHttpClientSpan } from './tracing/http-client-span';
export { startTracing, stopTracing, tracingOn, type TracingOptions } from './tracing/tracing-sdk';
export { SpanKind } from '@opentelemetry/api';

export { ObservabilityModule, type ObservabilityOptions } from './nest/observability.module';
// Re-exported so apps depend on this library only: `app.useLogger(app.get(Logger))`.
export { InjectPinoLogger, Logger, PinoLogger } from 'nestjs-pino';

export { HealthModule, type HealthAsyncOptions } from './health/health.module';
export type { HealthOptions } from './health/health-options';
export { databaseCheck, flagCheck, type HealthCheck } from './health/health-check';
export { runReadiness, DEFAULT_CHECK_TIMEOUT_MS, type ReadinessReport } from './health/readiness';

export { MetricsModule, type MetricsOptions } from './metrics/metrics.module';
export { MetricsHttpController } from './metrics/metrics.http.controller';
export {
  MetricsRegistry,
  type CounterDefinition,
  type GaugeDefinition,
  type HistogramDefinition,
  type MetricsRegistryOptions,
} from './metrics/metrics-registry';
export { HTTP_REQUEST_DURATION, UNMATCHED_ROUTE } from './metrics/http-metrics';
export { oncePerScrape } from './metrics/once-per-scrape';
// Re-exported so code that holds an instrument depends on this library only.
export type { Counter, Gauge, Histogram } from 'prom-client';
