import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';
import type { KeyEncryptionKeys } from './key-encryption-keys';
import type { KeyRing } from './key-ring';
import { KEY_BYTES } from './parse-key-ring';

/** Bound to a project and a row (ADR 0063). */
const VERSION = 'e2';
/** Bound to the purpose only: values written before ADR 0063, and values given no binding. */
const UNBOUND_VERSION = 'e1';
const ENVELOPE_VERSIONS = [VERSION, UNBOUND_VERSION];
const LEGACY_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Where an envelope belongs (ADR 0063): its project and its row (e.g. the vault card's id), both
 * authenticated with the value, so a database writer cannot move it to another project's or
 * another row's column.
 */
export interface EnvelopeBinding {
  readonly projectId: number;
  readonly row: string;
}

/**
 * Envelope encryption: every value gets its own random data key (AES-256-GCM), and only the data
 * key is wrapped by the purpose's key-encryption key (KEK). Rotating a KEK re-wraps 60 bytes per
 * row; the ciphertext of the value itself never changes.
 * Tokens read `e2.<kekId>.<wrapped data key>.<iv>.<tag>.<ciphertext>` (base64url). The purpose,
 * the project and the row are authenticated with the value (ADR 0063), so a token of one purpose
 * does not open as another, nor in another project's or row's place. `e1` tokens, written before,
 * bind the purpose only; they still open (and re-wrap as `e1`, the ciphertext being unchanged).
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

  /** An `e2` envelope bound to `binding`; without one, an `e1` envelope bound to the purpose only. */
  async encrypt(plaintext: string, binding?: EnvelopeBinding): Promise<string> {
    const version = binding ? VERSION : UNBOUND_VERSION;
    const dataKey = randomBytes(KEY_BYTES);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
    cipher.setAAD(this.dataAad(version, binding));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const wrapped = await this.keks.wrap(dataKey, this.purpose);
    return join(version, this.keks.activeKekId, wrapped, iv, cipher.getAuthTag(), ciphertext);
  }

  /** The value; an `e2` token opens only with the binding it was encrypted with. */
  async decrypt(token: string, binding?: EnvelopeBinding): Promise<string> {
    if (isLegacy(token)) return this.legacyRing().decrypt(token);
    const parts = split(token);
    const dataKey = await this.keks.unwrap(parts.kekId, parts.wrapped, this.purpose);
    const decipher = createDecipheriv('aes-256-gcm', dataKey, parts.iv);
    if (parts.version === VERSION && !binding) {
      throw new CryptoError('Encrypted value is bound to a project and row: none was given');
    }
    decipher.setAAD(this.dataAad(parts.version, binding));
    decipher.setAuthTag(parts.tag);
    try {
      return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new CryptoError(
        'Encrypted value failed authentication (tampered, wrong purpose, project or row)',
      );
    }
  }

  /** The KEK a token is wrapped under; null for a legacy (pre-envelope) token. */
  kekIdOf(token: string): string | null {
    return isLegacy(token) ? null : split(token).kekId;
  }

  /**
   * The same value with its data key wrapped under the active KEK; its version and ciphertext stay.
   * A legacy (`v1.`) token is re-encrypted as an envelope; the key rotation worker knows no
   * binding, so it becomes an unbound `e1` envelope, like one written before ADR 0063.
   * Idempotent: a token already under the active KEK comes back unchanged.
   */
  async rewrap(token: string): Promise<string> {
    if (isLegacy(token)) return this.encrypt(this.legacyRing().decrypt(token));
    const parts = split(token);
    if (parts.kekId === this.keks.activeKekId) return token;
    const dataKey = await this.keks.unwrap(parts.kekId, parts.wrapped, this.purpose);
    const wrapped = await this.keks.wrap(dataKey, this.purpose);
    return join(
      parts.version,
      this.keks.activeKekId,
      wrapped,
      parts.iv,
      parts.tag,
      parts.ciphertext,
    );
  }

  private dataAad(version: string, binding?: EnvelopeBinding): Buffer {
    if (version === UNBOUND_VERSION) return Buffer.from(`${version}.${this.purpose}`, 'utf8');
    const bound = `project:${binding!.projectId}|row:${binding!.row}`;
    return Buffer.from(`${version}.${this.purpose}.${bound}`, 'utf8');
  }

  private legacyRing(): KeyRing {
    if (!this.legacy) throw new CryptoError(`No legacy key ring to read a ${LEGACY_VERSION} token`);
    return this.legacy;
  }
}

function isLegacy(token: string): boolean {
  return token.startsWith(`${LEGACY_VERSION}.`);
}

function join(version: string, kekId: string, ...parts: Buffer[]): string {
  return [version, kekId, ...parts.map((part) => part.toString('base64url'))].join('.');
}

function split(token: string) {
  const parts = token.split('.');
  const [version, kekId, wrapped, iv, tag, ciphertext] = parts;
  if (parts.length !== 6 || !ENVELOPE_VERSIONS.includes(version)) {
    throw new CryptoError(`Not an encrypted value of version ${ENVELOPE_VERSIONS.join(' or ')}`);
  }
  const decoded = {
    version,
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
