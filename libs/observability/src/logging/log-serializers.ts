import { stdSerializers } from 'pino';
import { maskCardNumbers } from '@opp/card-bins';
import { decodeParameter, isSensitiveParameter, scrubRecord, scrubString } from './scrub';
import { REDACTED } from './sensitive-keys';

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
  const line = stdSerializers.req(
    req as Parameters<typeof stdSerializers.req>[0],
  ) as unknown as Serialized;
  const url = typeof line.url === 'string' ? loggableUrl(line.url) : line.url;
  return scrubSerialized({ ...line, url });
}

// What may stand in a URL as logged without being read as its syntax.
const readable = (text: string) => text.replace(/[%&=#?\s]/g, (c) => encodeURIComponent(c));

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A request URL as it is logged (M1, ADR 0064): rebuilt from its parsed parts, never the raw text.
 * The path is decoded and its card numbers masked; each query parameter is decoded as the server's
 * parser reads it, its value redacted when its name is sensitive (`security%5Fcode` is
 * `security_code`) and its card numbers masked otherwise.
 */
export function loggableUrl(raw: string): string {
  const q = raw.indexOf('?');
  const path = maskCardNumbers(decodePath(q < 0 ? raw : raw.slice(0, q)));
  if (q < 0) return path;
  const query = raw.slice(q + 1).split('#')[0];
  const parameters = query
    .split(/[&;]/)
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeParameter(eq < 0 ? pair : pair.slice(0, eq));
      const shownName = readable(maskCardNumbers(name));
      if (eq < 0) return shownName;
      const value = isSensitiveParameter(name)
        ? REDACTED
        : maskCardNumbers(decodeParameter(pair.slice(eq + 1)));
      return `${shownName}=${readable(value)}`;
    });
  return parameters.length === 0 ? path : `${path}?${parameters.join('&')}`;
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
    url: typeof path === 'string' ? loggableUrl(path) : path,
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
