import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';
import { keyedHash } from './keyed-hash';
import { parseKeyRing } from './parse-key-ring';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FINGERPRINT_INFO = 'opp/fingerprint/v1';

export interface KeyRingOptions {
  /**
   * The kid whose key derives the fingerprint (keyed hash) key. Fingerprints are stored for look-ups,
   * so this key must stay the same across rotations: in production pin it to a kid that is kept in
   * the ring. It defaults to the active kid, which is fine until the first rotation.
   */
  fingerprintKid?: string;
}

/**
 * Secrets at rest (PAN, card tokens, private keys): AES-256-GCM under the active (first) key, while
 * older keys still decrypt what they encrypted, so keys can rotate without a big-bang re-encryption.
 * Tokens read `v1.<kid>.<iv>.<tag>.<ciphertext>` (base64url), naming the key that decrypts them.
 */
export class KeyRing {
  readonly activeKid: string;
  readonly fingerprintKid: string;
  private readonly keys: ReadonlyMap<string, Buffer>;
  private readonly fingerprintKey: Buffer;

  constructor(spec: string, options: KeyRingOptions = {}) {
    const entries = parseKeyRing(spec);
    this.keys = new Map(entries.map(({ kid, key }) => [kid, key]));
    this.activeKid = entries[0].kid;
    this.fingerprintKid = options.fingerprintKid ?? this.activeKid;
    const base = this.keys.get(this.fingerprintKid);
    if (!base) {
      throw new CryptoError(
        `Invalid key ring: fingerprint kid "${this.fingerprintKid}" is not in it`,
      );
    }
    // HKDF with its own label, so the hashing key is never the encryption key itself.
    this.fingerprintKey = Buffer.from(hkdfSync('sha256', base, '', FINGERPRINT_INFO, 32));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keyFor(this.activeKid), iv);
    cipher.setAAD(headerOf(this.activeKid));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.activeKid, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(token: string): string {
    const { kid, iv, tag, ciphertext } = splitToken(token);
    const decipher = createDecipheriv('aes-256-gcm', this.keyFor(kid), iv);
    decipher.setAAD(headerOf(kid));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new CryptoError('Encrypted token failed authentication (tampered or wrong key)');
    }
  }

  /** True when the token was encrypted under an older key and should be re-encrypted. */
  needsRotation(token: string): boolean {
    return splitToken(token).kid !== this.activeKid;
  }

  /** Keyed hash for look-ups by value, e.g. finding a stored card by its PAN. */
  fingerprint(value: string): string {
    return keyedHash(this.fingerprintKey, value);
  }

  private keyFor(kid: string): Buffer {
    const key = this.keys.get(kid);
    if (!key) throw new CryptoError(`No key with kid "${kid}" in the key ring`);
    return key;
  }
}

// Authenticating the header means a token cannot be relabelled with another version or kid.
function headerOf(kid: string): Buffer {
  return Buffer.from(`${VERSION}.${kid}`, 'utf8');
}

function splitToken(token: string) {
  const parts = token.split('.');
  const [version, kid, iv, tag, ciphertext] = parts;
  if (parts.length !== 5 || version !== VERSION) {
    throw new CryptoError(`Not an encrypted token of version ${VERSION}`);
  }
  const decoded = {
    kid,
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
  if (decoded.iv.length !== IV_BYTES || decoded.tag.length !== TAG_BYTES) {
    throw new CryptoError('Encrypted token is malformed');
  }
  return decoded;
}
