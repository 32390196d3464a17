import type { IncomingMessage } from 'node:http';
import type { Options } from 'pino-http';
import { buildPinoOptions, type LoggerConfig } from '../logging/pino-options';

type RawRequest = IncomingMessage & { originalUrl?: string };

// Probes and Prometheus poll every few seconds; logging them would drown the real traffic.
const HEALTH_PATH = /(?:^|\/)health(?:\/(?:live|ready))?\/?$/;
const METRICS_PATH = /^\/metrics\/?$/;

export function isHealthRequest(req: RawRequest): boolean {
  const url = req.originalUrl ?? req.url ?? '';
  return HEALTH_PATH.test(url.split('?')[0]);
}

export function isPollingRequest(req: RawRequest): boolean {
  const url = req.originalUrl ?? req.url ?? '';
  return isHealthRequest(req) || METRICS_PATH.test(url.split('?')[0]);
}

/**
 * The options nestjs-pino builds the service's root logger from (through pino-http). Its
 * per-request middleware is not mounted (see ObservabilityModule): request lines are written by
 * the access log (access-log.ts) and handler lines carry the request through the mixin.
 */
export function httpLoggerOptions(config: LoggerConfig): Options {
  return {
    ...buildPinoOptions(config),
    // Our serializers take raw req/res; pino-http's wrappers would hand them pre-serialized ones.
    wrapSerializers: false,
    autoLogging: false,
  };
}
