import { maskCardNumbers } from '@opp/card-bins';
import { ApiError, ErrorCode } from '@opp/errors';
import type { FieldReading } from '@opp/money';

/** Any parameter record: the readers serve every interface, not only signed merchant requests. */
type RequestParams = Record<string, unknown>;

/** A field read by a rule shared with another edge (`@opp/money`), refused in the /v1 envelope. */
export function fieldValue<T>(reading: FieldReading<T>): T {
  if (reading.ok) return reading.value;
  throw ApiError.of(reading.failure.code, reading.failure.message);
}

/**
 * Parameters arrive as form text or JSON values; the spec treats them all as text. Numbers and
 * booleans are read as their text (as they were signed, ADR 0003); objects where text belongs are
 * refused.
 */
export function fieldText(params: RequestParams, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be a single value`);
}

export function optionalText(params: RequestParams, name: string, maxLength: number) {
  const text = fieldText(params, name)?.trim();
  if (text === undefined || text === '') return undefined;
  if (text.length > maxLength) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} is longer than ${maxLength} characters`);
  }
  return text;
}

/**
 * Free text (a description, an attribute, a holder or user name, an e-mail): any card number in it
 * is masked to its first six and last four digits as it is read, so it is stored, published, logged
 * and answered masked only (ADR 0064). The length limit applies to the text as sent.
 */
export function freeText(params: RequestParams, name: string, maxLength: number) {
  const text = optionalText(params, name, maxLength);
  return text === undefined ? undefined : maskCardNumbers(text);
}

export function requiredText(
  params: RequestParams,
  name: string,
  missingCode: ErrorCode,
  maxLength: number,
): string {
  const text = optionalText(params, name, maxLength);
  if (text === undefined) throw ApiError.of(missingCode);
  return text;
}
