import { CryptoError } from './crypto-error';

export const KEY_BYTES = 32;

// A kid appears inside encrypted tokens, which use "." as separator.
const KID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export interface KeyRingEntry {
  readonly kid: string;
  readonly key: Buffer;
}

/**
 * Parses `kid:base64key[,kid:base64key...]`. Errors name the entry by position and kid only, because
 * the text comes from an environment variable whose values must never reach logs.
 */
export function parseKeyRing(text: string): KeyRingEntry[] {
  if (text.trim() === '') throw new CryptoError('Invalid key ring: it is empty');
  const entries = text.split(',').map((raw, index) => parseEntry(raw.trim(), index + 1));
  const seen = new Set<string>();
  for (const { kid } of entries) {
    if (seen.has(kid)) throw new CryptoError(`Invalid key ring: kid "${kid}" appears twice`);
    seen.add(kid);
  }
  return entries;
}

function parseEntry(raw: string, position: number): KeyRingEntry {
  const { kid, bytes: key } = parseKidEntry(raw, 'key ring', position);
  if (key.length !== KEY_BYTES) {
    throw new CryptoError(
      `Invalid key ring: entry ${position} (kid "${kid}") has a key of ${key.length} bytes; AES-256 needs ${KEY_BYTES}`,
    );
  }
  return { kid, key };
}

/**
 * One `kid:base64` entry of a key variable (a key ring, the sealing keys). Errors name the entry by
 * position and kid only: the text comes from a secret variable.
 */
export function parseKidEntry(
  raw: string,
  what: string,
  position: number,
): { kid: string; bytes: Buffer } {
  const where = `Invalid ${what}: entry ${position}`;
  const colon = raw.indexOf(':');
  if (colon < 0) throw new CryptoError(`${where} is not of the form kid:base64key`);
  const kid = raw.slice(0, colon);
  const encoded = raw.slice(colon + 1);
  if (!KID.test(kid)) {
    throw new CryptoError(`${where} has an invalid kid (1-32 characters of A-Z a-z 0-9 _ -)`);
  }
  if (encoded === '' || !BASE64.test(encoded)) {
    throw new CryptoError(`${where} (kid "${kid}") has a key that is not base64`);
  }
  return { kid, bytes: Buffer.from(encoded, 'base64') };
}
