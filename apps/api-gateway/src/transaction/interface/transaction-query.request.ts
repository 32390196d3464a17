import {
  TRANSACTION_STATUSES,
  TRANSACTIONS_PAGE_DEFAULT,
  TRANSACTIONS_PAGE_MAX,
  type GetTransactionV1,
  type ListTransactionsV1,
} from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { fieldText, optionalText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';

/** Transaction types of gateway-api.md. */
export const TRANSACTION_TYPES = [
  'deposit',
  'payment',
  'verification',
  'chargeback',
  'refund',
  'retrieval',
  'exchange',
  'payout',
  'settlement',
  'penalty',
  'rolling_reserve',
] as const;

/**
 * A transaction id: a positive integer below 2^53 (ADR 0003). Anything else cannot name a
 * transaction, so it is answered like an unknown one: 404 40403.
 */
export function readTransactionId(text: string): number {
  const trimmed = text.trim();
  const id = /^\d{1,16}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(id >= 1 && id <= Number.MAX_SAFE_INTEGER)) throw ApiError.of(ErrorCode.TransactionNotFound);
  return id;
}

/** GET /v1/transaction/status: `id` or `order_id` (at least one; 400 40017 when neither). */
export function readTransactionLookup(projectId: number, params: RequestParams): GetTransactionV1 {
  const idText = fieldText(params, 'id')?.trim();
  const orderId = optionalText(params, 'order_id', 64);
  const id = idText ? readTransactionId(idText) : undefined;
  if (id === undefined && orderId === undefined) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'id or order_id is required');
  }
  return {
    projectId,
    ...(id !== undefined ? { id } : {}),
    ...(orderId !== undefined ? { orderId } : {}),
  };
}

/**
 * GET /v1/transactions. `orderId` is required; `status` and `type` take the spec's values;
 * `created[from]`, `created[to]`, `updated[from]`, `updated[to]` take ISO 8601 dates: a date
 * (`2026-05-01`, read as UTC) or a date-time with seconds and a zone (`2026-05-01T10:00:00Z`,
 * `2026-05-01T12:00:00+02:00`, fractions allowed). Both bounds are inclusive; a date alone as a
 * `to` bound means the end of that day. `page` starts at 1; `limit` defaults to
 * TRANSACTIONS_PAGE_DEFAULT (20) and is at most TRANSACTIONS_PAGE_MAX (100). Else 400 40017.
 */
export function readTransactionList(projectId: number, params: RequestParams): ListTransactionsV1 {
  const orderId = optionalText(params, 'orderId', 64);
  if (orderId === undefined) throw ApiError.of(ErrorCode.InvalidParameter, 'orderId is required');
  const status = readChoice(params, 'status', TRANSACTION_STATUSES);
  const type = readChoice(params, 'type', TRANSACTION_TYPES);
  const createdFrom = readDateBound(params, 'created', 'from');
  const createdTo = readDateBound(params, 'created', 'to');
  const updatedFrom = readDateBound(params, 'updated', 'from');
  const updatedTo = readDateBound(params, 'updated', 'to');
  return {
    projectId,
    orderId,
    ...(status !== undefined ? { status } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(createdFrom !== undefined ? { createdFrom } : {}),
    ...(createdTo !== undefined ? { createdTo } : {}),
    ...(updatedFrom !== undefined ? { updatedFrom } : {}),
    ...(updatedTo !== undefined ? { updatedTo } : {}),
    page: readPositiveInt(params, 'page', 1, Number.MAX_SAFE_INTEGER),
    limit: readPositiveInt(params, 'limit', TRANSACTIONS_PAGE_DEFAULT, TRANSACTIONS_PAGE_MAX),
  };
}

function readChoice<T extends string>(
  params: RequestParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = optionalText(params, name, 32);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function readPositiveInt(params: RequestParams, name: string, fallback: number, max: number) {
  const text = fieldText(params, name)?.trim();
  if (text === undefined || text === '') return fallback;
  const value = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= max)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be an integer from 1 to ${max}`);
  }
  return value;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/** `created[from]` and the like, as an ISO 8601 instant in UTC (`toISOString()` form). */
export function readDateBound(
  params: RequestParams,
  group: string,
  bound: 'from' | 'to',
): string | undefined {
  const name = `${group}[${bound}]`;
  const container = params[group];
  if (container === undefined || container === '') return undefined;
  if (typeof container !== 'object' || container === null || Array.isArray(container)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${group} takes ${group}[from] and ${group}[to]`);
  }
  const text = fieldText(container as RequestParams, bound)?.trim();
  if (text === undefined || text === '') return undefined;
  const instant = parseIsoDate(text, bound);
  if (instant === undefined) {
    throw ApiError.of(
      ErrorCode.InvalidParameter,
      `${name} must be an ISO 8601 date (YYYY-MM-DD) or date-time with zone (YYYY-MM-DDTHH:mm:ssZ)`,
    );
  }
  return instant;
}

function parseIsoDate(text: string, bound: 'from' | 'to'): string | undefined {
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const start = new Date(`${text}T00:00:00.000Z`);
    if (!sameDate(start, dateOnly)) return undefined;
    return bound === 'to'
      ? new Date(start.getTime() + 24 * 3600 * 1000 - 1).toISOString()
      : start.toISOString();
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return undefined;
  const [, , month, day, hour, minute, second] = dateTime;
  if (Number(month) > 12 || Number(day) > 31 || Number(hour) > 23) return undefined;
  if (Number(minute) > 59 || Number(second) > 59) return undefined;
  const zone = dateTime[8].length === 5 ? `${dateTime[8].slice(0, 3)}:${dateTime[8].slice(3)}` : '';
  const instant = new Date(zone ? text.slice(0, -5) + zone : text);
  if (Number.isNaN(instant.getTime())) return undefined;
  const calendar = new Date(`${dateTime[1]}-${month}-${day}T00:00:00Z`);
  if (!sameDate(calendar, dateTime)) return undefined;
  return instant.toISOString();
}

function sameDate(date: Date, parts: RegExpExecArray): boolean {
  return (
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() === Number(parts[1]) &&
    date.getUTCMonth() + 1 === Number(parts[2]) &&
    date.getUTCDate() === Number(parts[3])
  );
}
