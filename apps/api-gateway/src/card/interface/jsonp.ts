import { ApiError, ErrorCode } from '@opp/errors';

export const JSONP_CONTENT_TYPE = 'application/javascript; charset=utf-8';

/** Longest callback name accepted; generated names (jQuery's) are far shorter. */
const CALLBACK_MAX_LENGTH = 128;
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** ADR 0013: a plain JavaScript identifier, dots allowed (`cb`, `jQuery123_456`, `my.ns.cb`). */
export function isJsonpCallback(name: string): boolean {
  return name.length <= CALLBACK_MAX_LENGTH && IDENTIFIER.test(name);
}

/**
 * The `callback` query parameter: undefined when absent or empty (a plain JSON answer),
 * the name when valid, 400 40017 when it is anything but an identifier (never echoed into a script).
 */
export function readJsonpCallback(query: unknown): string | undefined {
  const value =
    typeof query === 'object' && query !== null
      ? (query as Record<string, unknown>)['callback']
      : undefined;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !isJsonpCallback(value)) {
    throw ApiError.of(
      ErrorCode.InvalidParameter,
      'callback must be a JavaScript identifier (letters, digits, _, $ and dots)',
    );
  }
  return value;
}

/**
 * ADR 0013 with its guard: `/**\/ typeof cb === 'function' && cb(<json>);`. The leading comment
 * defeats content sniffing tricks (Rosetta Flash); U+2028/U+2029 are escaped because older engines
 * do not accept them raw inside a string literal of a script.
 */
export function renderJsonp(callback: string, body: unknown): string {
  const json = JSON.stringify(body)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `/**/ typeof ${callback} === 'function' && ${callback}(${json});`;
}
