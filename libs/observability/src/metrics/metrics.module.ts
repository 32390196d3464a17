import { Global, Module, type DynamicModule, type NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { isFastify } from '../nest/fastify-request-id';
import { installHttpMetrics } from './http-metrics';
import { MetricsRegistry } from './metrics-registry';
import { MetricsHttpController } from './metrics.http.controller';

export interface MetricsOptions {
  /** The `service` label on every series. */
  service: string;
}

/**
 * The service's metrics registry (injectable everywhere as MetricsRegistry), request duration
 * histograms for every HTTP route, and GET /metrics.
 */
@Global()
@Module({})
export class MetricsModule implements NestModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: MetricsRegistry,
  ) {}

  static forRoot(options: MetricsOptions): DynamicModule {
    return {
      module: MetricsModule,
      // The gateway serves this route on its internal listener only (docs/security/edge-rules.md).
      controllers: [MetricsHttpController],
      providers: [{ provide: MetricsRegistry, useValue: new MetricsRegistry(options.service) }],
      exports: [MetricsRegistry],
    };
  }

  // configure() runs before the routes are registered and the server starts: hooks added later
  // would miss the routes. A Kafka-only context has no HTTP adapter: nothing to time then.
  configure(): void {
    const instance: unknown = this.adapterHost.httpAdapter?.getInstance();
    if (isFastify(instance)) installHttpMetrics(instance, this.metrics);
  }
}
