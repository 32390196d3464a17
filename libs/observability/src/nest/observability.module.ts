import {
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { runWithCorrelation } from '../correlation/correlation-context';
import { resolveRequestId } from '../correlation/request-id';
import type { LoggerConfig } from '../logging/pino-options';
import { installFastifyRequestId } from './fastify-request-id';
import { httpLoggerOptions } from './http-logger-options';

export interface ObservabilityOptions extends LoggerConfig {
  /** Where lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: DestinationStream;
}

type RequestWithId = IncomingMessage & { id?: unknown };

// Everything after this middleware (guards, pipes, handlers, their awaits) sees the request id
// through currentCorrelationId(), so Kafka producers can forward it.
function correlationMiddleware(req: RequestWithId, _res: ServerResponse, next: () => void): void {
  const id = typeof req.id === 'string' && req.id !== '' ? req.id : resolveRequestId(req);
  req.id = id;
  runWithCorrelation(id, next);
}

@Module({})
export class ObservabilityModule implements NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** JSON logs through nestjs-pino (Nest `Logger`, `PinoLogger`, HTTP request logs). */
  static forRoot(options: ObservabilityOptions): DynamicModule {
    const { destination, ...config } = options;
    const httpOptions = httpLoggerOptions(config);
    return {
      module: ObservabilityModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: destination ? [httpOptions, destination] : httpOptions,
        }),
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    // A Kafka-only context has no HTTP adapter; there is nothing to wire then.
    installFastifyRequestId(this.adapterHost.httpAdapter?.getInstance());
    consumer.apply(correlationMiddleware).forRoutes({ path: '*', method: RequestMethod.ALL });
  }
}
