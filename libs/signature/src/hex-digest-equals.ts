import { timingSafeEqual } from 'node:crypto';

const LOWERCASE_HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Constant-time comparison of a computed hex digest with an untrusted candidate. Anything that is not
 * exactly 64 lowercase hex characters is refused up front (timingSafeEqual throws on unequal lengths).
 * Uppercase is refused too: the replay guard (ADR 0003) keys on the signature text, so two
 * spellings of one digest must not both be accepted.
 */
export function hexDigestEquals(expectedHex: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string' || !LOWERCASE_HEX_SHA256.test(candidate)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(candidate, 'hex'));
}
