import { hkdfSync } from 'node:crypto';
import { keyedHash } from './keyed-hash';
import { CryptoError } from './crypto-error';
import { parseKeyRing } from './parse-key-ring';

// The same derivation as KeyRing.fingerprint, so a deployment can pin the key its existing
// fingerprints were made with (docs/security/key-hierarchy.md) and keep every stored look-up.
const FINGERPRINT_INFO = 'opp/fingerprint/v1';

/**
 * The key of look-ups by value (a PAN fingerprint). It is deliberately NOT rotated with the data
 * keys: a new fingerprint key would make every stored card unfindable and vault it twice. It is one
 * `kid:base64key` entry (32 bytes); the hashing key is derived from it with HKDF.
 */
export class FingerprintKey {
  readonly kid: string;
  private readonly key: Buffer;

  constructor(spec: string) {
    const entries = parseKeyRing(spec);
    if (entries.length !== 1) {
      throw new CryptoError('Invalid fingerprint key: exactly one kid:base64key entry is needed');
    }
    this.kid = entries[0].kid;
    this.key = Buffer.from(hkdfSync('sha256', entries[0].key, '', FINGERPRINT_INFO, 32));
  }

  fingerprint(value: string): string {
    return keyedHash(this.key, value);
  }
}
