import { formEncode } from '../http/form-encoding';
import type { HttpCall } from '../http/send-with-retries';
import { signParams } from '../signing/request-signature';
import type { BodyEncoding, ResolvedMerchantOptions } from './merchant-client-options';

/** One call of the /v1 API before it is signed and encoded. */
export interface MerchantCall {
  method: 'GET' | 'POST';
  /** From the gateway's root, such as `/v1/card/process`. */
  path: string;
  params: Record<string, unknown>;
  /**
   * Default true: `project`, `timestamp` (when enabled) and `signature` are added. False sends the
   * parameters exactly as given.
   */
  signed?: boolean;
  /** For a POST, overrides the client's encoding. */
  encoding?: BodyEncoding;
}

/**
 * Turns a call into the exact request: signed once, encoded once, so every retry repeats the same
 * bytes (the gateway replays an identical signed request and refuses a different one).
 */
export class MerchantRequests {
  constructor(private readonly options: ResolvedMerchantOptions) {}

  sign(params: Record<string, unknown>): Record<string, unknown> {
    const { publicKey, privateKey, timestamps, now } = this.options;
    const timestamp = timestamps ? { timestamp: String(Math.floor(now() / 1000)) } : {};
    const unsigned = withoutUndefined({ project: publicKey, ...timestamp, ...params });
    return { ...unsigned, signature: signParams(unsigned, privateKey) };
  }

  build(call: MerchantCall): HttpCall {
    const params = call.signed === false ? withoutUndefined(call.params) : this.sign(call.params);
    const url = this.options.baseUrl + call.path;
    const accept = { accept: 'application/json' };
    if (call.method === 'GET') {
      const query = formEncode(params);
      return { method: 'GET', url: query === '' ? url : `${url}?${query}`, headers: accept };
    }
    if ((call.encoding ?? this.options.encoding) === 'form') {
      const headers = { ...accept, 'content-type': 'application/x-www-form-urlencoded' };
      return { method: 'POST', url, headers, body: formEncode(params) };
    }
    const headers = { ...accept, 'content-type': 'application/json' };
    return { method: 'POST', url, headers, body: JSON.stringify(params) };
  }
}

/**
 * Undefined is not sent, so it must not be signed: dropped from objects, null inside arrays (where
 * JSON would send null anyway). Bigints become their digits, which JSON cannot carry otherwise.
 */
function withoutUndefined(params: Record<string, unknown>): Record<string, unknown> {
  return prune(params) as Record<string, unknown>;
}

function prune(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : prune(item)));
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, nested] of Object.entries(value)) {
    if (nested !== undefined) kept[name] = prune(nested);
  }
  return kept;
}
