import { maskCardNumbers } from '@opp/card-bins';
import { isSensitiveKey, REDACTED } from './sensitive-keys';

// Query parameters whose values must not survive in a logged URL or form body, e.g.
// GET /v1/card/getToken?number=...&security_code=..., also as PHP-style form names
// (`card[cvc]=`, or URL-encoded `card%5Bcvc%5D=`).
const SENSITIVE_QUERY =
  /((?:^|[?&;\s])(?:[A-Za-z0-9_]+(?:\[|%5B))?(?:number|card_number|pan|security_code|securityCode|cvv|cvc|signature|secret|private_key|privateKey|password)(?:\]|%5D)?=)[^&#\s"'\\]*/gi;

// Bounds keep the scrubber cheap on every log line; deeper or wider data is left to the
// redact paths (which pino applies after serialization).
const MAX_DEPTH = 8;
const MAX_KEYS = 200;

/** Masks card numbers and sensitive query values in one string. */
export function scrubString(text: string): string {
  const withoutQuery = text.includes('=') ? text.replace(SENSITIVE_QUERY, `$1${REDACTED}`) : text;
  return maskCardNumbers(withoutQuery);
}

// A JSON string literal, escapes included.
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * Scrubs the string literals of serialized JSON text. Only literals: masking an unquoted number
 * would break the line. Escaped characters pass through untouched (the query pattern stops at
 * backslashes, and PAN digits and separators are never escaped).
 */
export function scrubJsonText(json: string): string {
  return json.replace(JSON_STRING, (literal) => `"${scrubString(literal.slice(1, -1))}"`);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function censorable(value: unknown): boolean {
  return value !== undefined && value !== null && typeof value !== 'boolean';
}

/**
 * Returns `value` with card numbers masked, sensitive query values and sensitive keys redacted.
 * Copy-on-write: the caller's objects are never mutated (logging an entity must not change it),
 * and an unchanged value is returned as the same reference so clean lines cost no allocation.
 * Only plain objects and arrays are walked: class instances (requests, errors, buffers) reach
 * their serializers first, which scrub what they emit.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return scrubArray(value, depth);
  if (!isPlainObject(value)) return value;
  return scrubRecord(value, depth);
}

function scrubArray(items: unknown[], depth: number): unknown[] {
  let copy: unknown[] | undefined;
  const n = Math.min(items.length, MAX_KEYS);
  for (let i = 0; i < n; i++) {
    const next = scrubValue(items[i], depth + 1);
    if (next !== items[i]) {
      copy ??= items.slice();
      copy[i] = next;
    }
  }
  return copy ?? items;
}

/** Scrubs the own enumerable properties of any object (used on serializer output too). */
export function scrubRecord(record: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  let seen = 0;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    if (++seen > MAX_KEYS) break;
    const current = record[key];
    const next =
      isSensitiveKey(key) && censorable(current) ? REDACTED : scrubValue(current, depth + 1);
    if (next !== current) {
      copy ??= { ...record };
      copy[key] = next;
    }
  }
  return copy ?? record;
}
