import {
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { runWithCorrelation } from '../correlation/correlation-context';
import { resolveRequestId } from '../correlation/request-id';
import type { LoggerConfig } from '../logging/pino-options';
import { installFastifySpanNaming, openHttpServerSpan } from '../tracing/http-server-span';
import { startTracing, stopTracing, type TracingOptions } from '../tracing/tracing-sdk';
import { installAccessLog } from './access-log';
import { installFastifyRequestId, isFastify } from './fastify-request-id';
import { httpLoggerOptions, isHealthRequest } from './http-logger-options';

export interface ObservabilityOptions extends LoggerConfig {
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: DestinationStream;
  /** Spans and their export (off without an endpoint); trace headers travel either way. */
  tracing?: Omit<TracingOptions, 'serviceName'> & { serviceName?: string };
}

type RequestWithId = IncomingMessage & { id?: unknown };

// Everything after this middleware (guards, pipes, handlers, their awaits) sees the request id
// through currentCorrelationId() and the trace context through currentTraceHeaders(), so Kafka
// producers and the outbox can forward both, and log lines carry the request (the mixin of
// buildPinoOptions). Probes get no span: they would drown the traces.
function correlationMiddleware(req: RequestWithId, res: ServerResponse, next: () => void): void {
  const id = typeof req.id === 'string' && req.id !== '' ? req.id : resolveRequestId(req);
  req.id = id;
  if (isHealthRequest(req)) return runWithCorrelation(id, next);
  const span = openHttpServerSpan(req, res, id);
  span.run(next, { correlationId: id, request: req });
}

/** Flushes the spans still buffered when the app shuts down. */
class TracingLifecycle implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await stopTracing();
  }
}

@Module({})
export class ObservabilityModule implements NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * JSON logs through nestjs-pino (Nest `Logger`, `PinoLogger`, HTTP request logs), and the
   * OpenTelemetry SDK when an OTLP endpoint is configured (docs/operations/tracing.md).
   */
  static forRoot(options: ObservabilityOptions): DynamicModule {
    const { destination, tracing, ...config } = options;
    startTracing({ ...tracing, serviceName: tracing?.serviceName ?? config.service });
    const httpOptions = httpLoggerOptions(config);
    return {
      module: ObservabilityModule,
      providers: [TracingLifecycle],
      imports: [
        // Only the loggers: nestjs-pino's request middleware (a pino-http child logger and an
        // AsyncLocalStorage per request) is not mounted; see access-log.ts.
        LoggerModule.forRoot({
          pinoHttp: destination ? [httpOptions, destination] : httpOptions,
          forRoutes: [],
        }),
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // A Kafka-only context has no HTTP adapter; there is nothing to wire then.
    const instance: unknown = this.adapterHost.httpAdapter?.getInstance();
    installFastifyRequestId(instance);
    installFastifySpanNaming(instance);
    if (isFastify(instance)) installAccessLog(instance, () => PinoLogger.root);
    consumer.apply(correlationMiddleware).forRoutes({ path: '*', method: RequestMethod.ALL });
  }
}
