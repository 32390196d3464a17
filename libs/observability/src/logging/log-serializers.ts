import { stdSerializers } from 'pino';
import { scrubRecord, scrubString } from './scrub';

// pino runs `formatters.log` *before* serializers, so whatever a serializer produces (the request
// URL with its query, an error's message and stack) has to be scrubbed here.

type Serialized = Record<string, unknown>;

function scrubSerialized(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const scrubbed = scrubRecord(value as Serialized);
  const nested = scrubbed.aggregateErrors;
  if (!Array.isArray(nested)) return scrubbed;
  return { ...scrubbed, aggregateErrors: nested.map(scrubSerialized) };
}

export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return scrubSerialized(err);
  return scrubSerialized(stdSerializers.err(err));
}

/** Method, URL (query scrubbed), headers (redact paths censor secrets); never the body. */
export function serializeRequest(req: unknown): unknown {
  if (typeof req !== 'object' || req === null) return req;
  return scrubSerialized(stdSerializers.req(req as Parameters<typeof stdSerializers.req>[0]));
}

/**
 * The request of an access-log line at `info` and above: id, method and URL (query scrubbed). Every
 * logged request line pays for its serializer, and headers are the expensive part; they are logged
 * at `debug` (serializeRequest).
 */
export function serializeRequestLine(req: unknown): unknown {
  if (typeof req !== 'object' || req === null) return req;
  const { id, method, url, originalUrl } = req as {
    id?: unknown;
    method?: unknown;
    url?: unknown;
    originalUrl?: unknown;
  };
  const path = originalUrl ?? url;
  return {
    ...(id === undefined ? {} : { id }),
    method,
    url: typeof path === 'string' ? scrubString(path) : path,
  };
}

export function serializeResponse(res: unknown): unknown {
  if (typeof res !== 'object' || res === null) return res;
  return stdSerializers.res(res as Parameters<typeof stdSerializers.res>[0]);
}

/** The message string, after printf-style interpolation. */
export function serializeMessage(msg: unknown): unknown {
  return typeof msg === 'string' ? scrubString(msg) : msg;
}
