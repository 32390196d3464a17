import { OppSignatureError } from '../errors';
import { digestEquals } from '../signing/hmac';
import { signParams } from '../signing/request-signature';
import type { CallbackStatus } from './merchant-types';

/** A merchant callback's form fields (every listed one present, possibly empty). */
export interface MerchantCallback {
  project: string;
  user: string;
  id: string;
  reference_id: string;
  order_id: string;
  amount: string;
  price: string;
  deposit: string;
  earned: string;
  vat_rate: string;
  vat_amount: string;
  currency: string;
  type: string;
  status: CallbackStatus;
  reason: string;
  sandbox: string;
  /** Present when the project requires expiring signatures. */
  timestamp?: string;
  signature: string;
  [attribute: `attr_${string}`]: string;
}

/** The raw form body, URLSearchParams, or the fields as a framework parsed them. */
export type CallbackInput = string | URLSearchParams | Record<string, unknown>;

export interface CallbackCheckOptions {
  /**
   * Refuse a callback whose signed `timestamp` is not within this many seconds of now. Only
   * projects with `requireTimestamp` send one; a callback without one passes unless
   * `requireTimestamp` is set here too (the signature covers the timestamp, so it cannot be
   * stripped from a callback that had one).
   */
  maxAgeSeconds?: number;
  /** Refuse a callback without a signed `timestamp` (for projects with `requireTimestamp`). */
  requireTimestamp?: boolean;
  /** The clock, in milliseconds (default Date.now). */
  now?: () => number;
}

/**
 * Checks a merchant callback: the request signature algorithm over every parameter except
 * `signature`, with any of the keys (every key is tried, so timing does not tell which matched).
 */
export function verifyMerchantCallback(
  input: CallbackInput,
  privateKeys: readonly string[],
  options: CallbackCheckOptions = {},
): MerchantCallback {
  const params = callbackFields(input);
  let matched = false;
  for (const key of privateKeys) {
    if (digestEquals(signParams(params, key), params['signature'])) matched = true;
  }
  if (!matched) throw new OppSignatureError('the callback signature is not valid');
  const timestamp = params['timestamp'];
  if (timestamp === undefined || timestamp === '') {
    if (options.requireTimestamp) {
      throw new OppSignatureError('the callback carries no signed timestamp');
    }
  } else if (options.maxAgeSeconds !== undefined) {
    checkFreshness(timestamp, options.maxAgeSeconds, (options.now ?? Date.now)());
  }
  return params as unknown as MerchantCallback;
}

function callbackFields(input: CallbackInput): Record<string, unknown> {
  if (typeof input !== 'string' && !(input instanceof URLSearchParams)) return input;
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(input)) {
    // A repeated name has no single value to sign; refuse rather than guess.
    if (name in fields) throw new OppSignatureError(`the callback repeats the field "${name}"`);
    fields[name] = value;
  }
  return fields;
}

function checkFreshness(timestamp: unknown, maxAgeSeconds: number, nowMs: number): void {
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    throw new OppSignatureError('the callback timestamp is not Unix seconds');
  }
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > maxAgeSeconds) {
    throw new OppSignatureError('the callback timestamp is too old or in the future');
  }
}

/** The outcome of a callback check: the callback, or why it was refused. */
export type CallbackCheck =
  { valid: true; callback: MerchantCallback } | { valid: false; reason: string };
