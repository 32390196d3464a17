import { createHmac } from 'node:crypto';

/**
 * Deterministic HMAC-SHA256 (hex) for looking data up by value (e.g. a PAN fingerprint) without
 * storing the value; unlike a plain hash it cannot be brute-forced without the key.
 */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}
