import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
export const CORRELATION_ID_HEADER = 'x-correlation-id';

const MAX_ID_LENGTH = 128;
// Visible ASCII only: an id is echoed into headers and logs, so no spaces, controls or unicode.
const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * A caller-supplied id if it is usable (printable, at most 128 characters), else undefined.
 * Also for ids read from Kafka headers (string or Buffer).
 */
export function normalizeCorrelationId(raw: unknown): string | undefined {
  const value = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : value;
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_ID_LENGTH) return undefined;
  return PRINTABLE.test(trimmed) ? trimmed : undefined;
}

type HeaderBag = Record<string, string | string[] | undefined>;

/** x-request-id, else x-correlation-id, else a new UUID. */
export function resolveRequestId(req: { headers: HeaderBag }): string {
  return (
    normalizeCorrelationId(req.headers[REQUEST_ID_HEADER]) ??
    normalizeCorrelationId(req.headers[CORRELATION_ID_HEADER]) ??
    randomUUID()
  );
}
