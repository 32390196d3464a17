import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import { REQUEST_ID_HEADER, resolveRequestId } from '../correlation/request-id';
import { buildPinoOptions, type LoggerConfig } from '../logging/pino-options';

type RawRequest = IncomingMessage & { originalUrl?: string };

// Probes and Prometheus poll every few seconds; logging them would drown the real traffic.
const HEALTH_PATH = /(?:^|\/)health(?:\/(?:live|ready))?\/?$/;
const METRICS_PATH = /^\/metrics\/?$/;

export function isHealthRequest(req: RawRequest): boolean {
  const url = req.originalUrl ?? req.url ?? '';
  return HEALTH_PATH.test(url.split('?')[0]);
}

function isPollingRequest(req: RawRequest): boolean {
  const url = req.originalUrl ?? req.url ?? '';
  return isHealthRequest(req) || METRICS_PATH.test(url.split('?')[0]);
}

/** pino-http options: the service's pino options plus request-id and request-log policy. */
export function httpLoggerOptions(config: LoggerConfig): Options {
  return {
    ...buildPinoOptions(config),
    // Our serializers take raw req/res; pino-http's wrappers would hand them pre-serialized ones.
    wrapSerializers: false,
    // Under Fastify the id comes from fastify's own genReqId (see fastify-request-id.ts) and
    // pino-http reuses it; this covers adapters without one.
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = resolveRequestId(req);
      if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    autoLogging: { ignore: isPollingRequest },
    customLogLevel: (_req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
  };
}
