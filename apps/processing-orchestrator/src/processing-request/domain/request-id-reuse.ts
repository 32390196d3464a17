import { createHash } from 'node:crypto';

/** What a request that reuses a partner's `header.request.id` gets (ADR 0017). */
export type RequestIdReuse =
  { kind: 'repeat'; globalId: string } | { kind: 'conflict'; globalId: string };

export interface ClaimedRequestId {
  globalId: string;
  bodyFingerprint: string;
}

/** What a new request claims: the partner's `header.request.id` and its body's fingerprint. */
export interface RequestIdClaim {
  requestId: string;
  bodyFingerprint: string;
}

/**
 * ADR 0017: the same id with the same body is a retry, answered as the first request; the same id
 * with another body is refused (400 DUPLICATE_REQUEST_ID). Either way nothing new starts.
 */
export function reuseOf(first: ClaimedRequestId, bodyFingerprint: string): RequestIdReuse {
  return first.bodyFingerprint === bodyFingerprint
    ? { kind: 'repeat', globalId: first.globalId }
    : { kind: 'conflict', globalId: first.globalId };
}

/** When the gateway sent no fingerprint of the raw body: a hash of the request as received. */
export const fingerprintOf = (request: unknown): string =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');
