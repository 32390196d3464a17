import { ApiError, ErrorCode } from '@opp/errors';

export type QueryParams = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function text(query: QueryParams, name: string, max = 254): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be a single value`);
  }
  if (value.length > max) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be at most ${max} characters`);
  }
  return value;
}

export function positiveInt(
  query: QueryParams,
  name: string,
  max = 999_999_999,
): number | undefined {
  const value = text(query, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw ApiError.of(
      ErrorCode.InvalidParameter,
      `${name} must be a positive integer up to ${max}`,
    );
  }
  return Number(value);
}

export function oneOf<T extends string>(
  query: QueryParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = text(query, name);
  if (value !== undefined && !(allowed as readonly string[]).includes(value)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T | undefined;
}

export function isoDate(query: QueryParams, name: string): string | undefined {
  const value = text(query, name, 40);
  if (value === undefined) return undefined;
  if (Number.isNaN(Date.parse(value))) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be an ISO-8601 date or time`);
  }
  return new Date(value).toISOString();
}

export function decimal(query: QueryParams, name: string): string | undefined {
  const value = text(query, name, 24);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}(?:\.\d{1,4})?$/.test(value)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be a decimal amount`);
  }
  return value;
}

/** The start of a GlobalId: hex digits and dashes, lower case as GlobalIds are shown. */
export function globalIdPrefix(query: QueryParams, name: string): string | undefined {
  const value = text(query, name, 36);
  if (value !== undefined && !/^[0-9a-f-]+$/i.test(value)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be hex digits and dashes`);
  }
  return value?.toLowerCase();
}

/** A path id of the admin API: an unknown form is a 404, as an unknown id is. */
export function pathInt(value: string, what: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw ApiError.of(ErrorCode.ResourceNotFound, `${what} ${value}`);
  }
  return Number(value);
}

export function pathUuid(value: string, what: string): string {
  if (!UUID.test(value)) throw ApiError.of(ErrorCode.ResourceNotFound, `${what} ${value}`);
  return value.toLowerCase();
}
