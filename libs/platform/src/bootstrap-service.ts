import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { KafkaTransport, RpcErrorPassThroughFilter } from '@opp/messaging';
import { Logger } from '@opp/observability';
import { createHttpAdapter } from './http-adapter';

export interface BootstrapOptions {
  port: number;
  host?: string;
  /** Proxies whose X-Forwarded-For is believed (see createHttpAdapter); default none. */
  trustedProxies?: readonly string[];
  /** Gateway-only HTTP set-up (body parsers, filters, OpenAPI), run before the app initialises. */
  configureHttp?: (app: NestFastifyApplication) => void | Promise<void>;
}

/**
 * Starts a service: HTTP (health, and the public API on the gateway) and the Kafka transport.
 * The transport starts after the app has initialised.
 */
export async function bootstrapService(
  module: unknown,
  options: BootstrapOptions,
): Promise<INestApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    module as never,
    createHttpAdapter(options.trustedProxies),
    {
      bufferLogs: true,
      rawBody: true,
    },
  );
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await options.configureHttp?.(app);
  // The transport validates every message against its contract itself; HTTP pipes and filters
  // stay on HTTP. Handler errors reach the transport unchanged (retries, dead-letter reasons).
  app
    .connectMicroservice({ strategy: app.get(KafkaTransport) }, { inheritAppConfig: false })
    .useGlobalFilters(new RpcErrorPassThroughFilter());
  await app.init();
  await app.startAllMicroservices();
  await app.listen(options.port, options.host ?? '0.0.0.0');
  return app;
}
