import { hkdfSync } from 'node:crypto';
import { keyedHash } from './keyed-hash';
import { CryptoError } from './crypto-error';
import { parseKeyRing } from './parse-key-ring';

// The same derivation as KeyRing.fingerprint, so a deployment can pin the key its existing
// fingerprints were made with (docs/security/key-hierarchy.md) and keep every stored look-up.
const FINGERPRINT_INFO = 'opp/fingerprint/v1';

/**
 * The key of look-ups by value (a PAN fingerprint): `kid:base64key` (32 bytes), the hashing key
 * derived with HKDF. It is not rotated with the data keys; it rotates on its own (ADR 0063): with
 * `new:...,old:...` a rotation runs, new fingerprints use the first key, look-ups match either, and
 * the re-fingerprinting job moves every row to the first; then the old entry leaves.
 */
export class FingerprintKey {
  /** The kid of the key new fingerprints are made with. */
  readonly kid: string;
  /** The kid of the key being rotated away from, while a rotation runs. */
  readonly previousKid: string | null;
  private readonly keys: readonly Buffer[];

  constructor(spec: string) {
    const entries = parseKeyRing(spec);
    if (entries.length > 2) {
      throw new CryptoError(
        'Invalid fingerprint key: one kid:base64key entry, or two while a rotation runs (new first)',
      );
    }
    this.kid = entries[0].kid;
    this.previousKid = entries[1]?.kid ?? null;
    this.keys = entries.map(({ key }) =>
      Buffer.from(hkdfSync('sha256', key, '', FINGERPRINT_INFO, 32)),
    );
  }

  /** The fingerprint a row is stored with: the current key's. */
  fingerprint(value: string): string {
    return keyedHash(this.keys[0], value);
  }

  /** Every fingerprint a stored row may have: the current key's, then the previous one's. */
  lookupFingerprints(value: string): string[] {
    return this.keys.map((key) => keyedHash(key, value));
  }
}
