import { isCardNumber, maskCardNumber, maskCardNumbers } from '@opp/card-bins';
import { isSensitiveKey, REDACTED } from './sensitive-keys';

// A `name=value` parameter of a URL, a form body or any text (M1, ADR 0064): its name is judged
// after percent-decoding, as the server's query parser reads it (`security%5Fcode` is
// `security_code`), and its value is searched for card numbers decoded too.
const PARAMETER = /((?:^|[?&;\s])([A-Za-z0-9_.%[\]-]+)=)([^&#\s"'\\]*)/g;
// Names a parameter carries card data or a secret under, beyond the sensitive keys.
const SENSITIVE_PARAMETER = /^(?:number|card_?number|pan)$/i;

/** Percent-decoding (also `+` as a space) that never throws; repeated while it changes, a few times. */
export function decodeParameter(text: string): string {
  let current = text;
  for (let i = 0; i < 3 && /[%+]/.test(current); i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      next = current.replace(/\+/g, ' ');
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Whether a parameter name, decoded, names card data or a secret (PHP-style names by their leaf). */
export function isSensitiveParameter(name: string): boolean {
  const decoded = decodeParameter(name);
  const leaf = /\[([^\]]*)\]$/.exec(decoded)?.[1] ?? decoded;
  return isSensitiveKey(decoded) || SENSITIVE_PARAMETER.test(leaf);
}

/** A parameter value as it may be logged: card numbers masked, found also when percent-encoded. */
export function scrubParameterValue(value: string): string {
  const masked = maskCardNumbers(value);
  if (masked !== value || !/[%+]/.test(value)) return masked;
  const decoded = decodeParameter(value);
  const maskedDecoded = maskCardNumbers(decoded);
  return maskedDecoded === decoded ? value : maskedDecoded;
}

function scrubParameters(text: string): string {
  return text.replace(PARAMETER, (_, head: string, name: string, value: string) =>
    isSensitiveParameter(name) ? `${head}${REDACTED}` : `${head}${scrubParameterValue(value)}`,
  );
}

/** Masks card numbers and sensitive parameter values in one string. */
export function scrubString(text: string): string {
  return maskCardNumbers(text.includes('=') ? scrubParameters(text) : text);
}

// Bounds keep the scrubber cheap on every log line; deeper or wider data is left to the
// redact paths (which pino applies after serialization) and card numbers to scrubLogLine.
const MAX_DEPTH = 8;
const MAX_KEYS = 200;

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
  if (typeof value === 'number') return scrubNumber(value);
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
    // A key is text too: a card number used as one is masked like a value.
    const name = maskCardNumbers(key);
    if (name !== key) {
      copy ??= { ...record };
      delete copy[key];
      copy[name] = next;
    } else if (next !== current) {
      copy ??= { ...record };
      copy[key] = next;
    }
  }
  return copy ?? record;
}

/** A card number logged as a JSON number becomes its mask, as text. */
function scrubNumber(value: number): number | string {
  return Number.isSafeInteger(value) && isCardNumber(String(value))
    ? maskCardNumber(String(value))
    : value;
}

// A JSON string literal (escapes included) or a bare JSON number.
const JSON_STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * The last pass over a log line as written (ADR 0064): every card number left anywhere in it,
 * whatever its key and however deep (past the scrubber's bounds), is masked; a bare JSON number
 * that is one becomes its mask as a string, so the line stays JSON. A clean line is returned as is.
 */
export function scrubLogLine(line: string): string {
  if (line.length < 13) return line;
  return line.replace(JSON_STRING_OR_NUMBER, (token) => {
    if (token.startsWith('"')) {
      const inner = token.slice(1, -1);
      const masked = maskCardNumbers(inner);
      return masked === inner ? token : `"${masked}"`;
    }
    return /^\d+$/.test(token) && isCardNumber(token) ? `"${maskCardNumber(token)}"` : token;
  });
}
