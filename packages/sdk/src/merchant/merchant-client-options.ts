import { validBaseUrl, validTimeout } from '../http/connection-options';
import type { FetchLike } from '../http/request-options';
import { DEFAULT_RETRY_POLICY, validateRetryPolicy, type RetryPolicy } from '../http/retry-policy';

export type BodyEncoding = 'json' | 'form';

export interface MerchantClientOptions {
  /** The gateway's address without `/v1`, e.g. `https://pay.example`. */
  baseUrl: string;
  /** The project's public key, sent as `project`. */
  publicKey: string;
  /** The project's private key: signs requests and verifies callbacks. */
  privateKey: string;
  /**
   * Keys that still verify callbacks after a key rotation: a callback is retried with the parameters
   * and signature of its first attempt, which may predate the new key.
   */
  previousPrivateKeys?: string[];
  /** POST bodies as JSON (default) or form fields. */
  encoding?: BodyEncoding;
  /** Adds a signed `timestamp` (Unix seconds) to every signed request, for projects that require it. */
  timestamps?: boolean;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Retries on no answer or 502/503/504, same bytes every time; default 3 tries in all. */
  retry?: Partial<RetryPolicy>;
  /** The clock for timestamps, in milliseconds (default Date.now). */
  now?: () => number;
  /** Default: Node's global fetch. */
  fetch?: FetchLike;
  /** Headers sent with every call (a call's own headers add to them). */
  headers?: Record<string, string>;
}

export interface ResolvedMerchantOptions {
  baseUrl: string;
  publicKey: string;
  privateKey: string;
  verifyingKeys: string[];
  encoding: BodyEncoding;
  timestamps: boolean;
  timeoutMs: number;
  retry: RetryPolicy;
  now: () => number;
  fetch?: FetchLike;
  headers: Record<string, string>;
}

/** Checks the options once, so a wrong setup fails at construction, not on the first payment. */
export function resolveMerchantOptions(options: MerchantClientOptions): ResolvedMerchantOptions {
  const baseUrl = validBaseUrl(options.baseUrl);
  for (const name of ['publicKey', 'privateKey'] as const) {
    if (typeof options[name] !== 'string' || options[name] === '') {
      throw new TypeError(`${name} is required`);
    }
  }
  const encoding = options.encoding ?? 'json';
  if (encoding !== 'json' && encoding !== 'form') {
    throw new TypeError('encoding must be "json" or "form"');
  }
  return {
    baseUrl,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
    verifyingKeys: [options.privateKey, ...(options.previousPrivateKeys ?? [])],
    encoding,
    timestamps: options.timestamps ?? false,
    timeoutMs: validTimeout(options.timeoutMs ?? 30_000),
    retry: validateRetryPolicy({ ...DEFAULT_RETRY_POLICY, ...options.retry }),
    now: options.now ?? Date.now,
    fetch: options.fetch,
    headers: { ...options.headers },
  };
}
