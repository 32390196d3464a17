import { createHmac, timingSafeEqual } from 'node:crypto';

const LOWERCASE_HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Lowercase hex HMAC-SHA256, the digest of both signature schemes. */
export function hmacHex(key: string, data: string | Uint8Array): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

/**
 * Constant-time comparison of a computed digest with an untrusted candidate; anything but 64
 * lowercase hex characters is refused before comparing (timingSafeEqual throws on unequal lengths).
 */
export function digestEquals(expectedHex: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string' || !LOWERCASE_HEX_SHA256.test(candidate)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(candidate, 'hex'));
}
