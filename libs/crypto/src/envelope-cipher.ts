import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';
import type { KeyEncryptionKeys } from './key-encryption-keys';
import type { KeyRing } from './key-ring';
import { KEY_BYTES } from './parse-key-ring';

const VERSION = 'e1';
const LEGACY_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Envelope encryption: every value gets its own random data key (AES-256-GCM), and only the data
 * key is wrapped by the purpose's key-encryption key (KEK). Rotating a KEK re-wraps 60 bytes per
 * row; the ciphertext of the value itself never changes.
 * Tokens read `e1.<kekId>.<wrapped data key>.<iv>.<tag>.<ciphertext>` (base64url). The purpose
 * is authenticated with the value, so a token of one purpose does not open as another.
 *
 * Values written before envelopes existed (`v1.` tokens of the platform KeyRing) still decrypt
 * when a legacy ring is given, and `rewrap` turns them into envelopes.
 */
export class EnvelopeCipher {
  constructor(
    readonly keks: KeyEncryptionKeys,
    readonly purpose: string,
    private readonly legacy?: KeyRing,
  ) {}

  get activeKekId(): string {
    return this.keks.activeKekId;
  }

  async encrypt(plaintext: string): Promise<string> {
    const dataKey = randomBytes(KEY_BYTES);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
    cipher.setAAD(this.dataAad());
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const wrapped = await this.keks.wrap(dataKey, this.purpose);
    return join(this.keks.activeKekId, wrapped, iv, cipher.getAuthTag(), ciphertext);
  }

  async decrypt(token: string): Promise<string> {
    if (isLegacy(token)) return this.legacyRing().decrypt(token);
    const parts = split(token);
    const dataKey = await this.keks.unwrap(parts.kekId, parts.wrapped, this.purpose);
    const decipher = createDecipheriv('aes-256-gcm', dataKey, parts.iv);
    decipher.setAAD(this.dataAad());
    decipher.setAuthTag(parts.tag);
    try {
      return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new CryptoError('Encrypted value failed authentication (tampered or wrong purpose)');
    }
  }

  /** The KEK a token is wrapped under; null for a legacy (pre-envelope) token. */
  kekIdOf(token: string): string | null {
    return isLegacy(token) ? null : split(token).kekId;
  }

  /**
   * The same value with its data key wrapped under the active KEK (a legacy token is re-encrypted
   * as an envelope). Idempotent: a token already under the active KEK comes back unchanged.
   */
  async rewrap(token: string): Promise<string> {
    if (isLegacy(token)) return this.encrypt(this.legacyRing().decrypt(token));
    const parts = split(token);
    if (parts.kekId === this.keks.activeKekId) return token;
    const dataKey = await this.keks.unwrap(parts.kekId, parts.wrapped, this.purpose);
    const wrapped = await this.keks.wrap(dataKey, this.purpose);
    return join(this.keks.activeKekId, wrapped, parts.iv, parts.tag, parts.ciphertext);
  }

  private dataAad(): Buffer {
    return Buffer.from(`${VERSION}.${this.purpose}`, 'utf8');
  }

  private legacyRing(): KeyRing {
    if (!this.legacy) throw new CryptoError(`No legacy key ring to read a ${LEGACY_VERSION} token`);
    return this.legacy;
  }
}

function isLegacy(token: string): boolean {
  return token.startsWith(`${LEGACY_VERSION}.`);
}

function join(kekId: string, ...parts: Buffer[]): string {
  return [VERSION, kekId, ...parts.map((part) => part.toString('base64url'))].join('.');
}

function split(token: string) {
  const parts = token.split('.');
  const [version, kekId, wrapped, iv, tag, ciphertext] = parts;
  if (parts.length !== 6 || version !== VERSION) {
    throw new CryptoError(`Not an encrypted value of version ${VERSION}`);
  }
  const decoded = {
    kekId,
    wrapped: Buffer.from(wrapped, 'base64url'),
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
  if (decoded.iv.length !== IV_BYTES || decoded.tag.length !== TAG_BYTES) {
    throw new CryptoError('Encrypted value is malformed');
  }
  return decoded;
}
