import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';
import { KEY_BYTES, parseKeyRing } from './parse-key-ring';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key-encryption keys (KEKs) of one purpose: they only wrap and unwrap data keys, never data.
 * `LocalKeyEncryptionKeys` holds the KEKs from configuration; a KMS adapter implements the same
 * contract with keys that never leave the KMS (docs/security/key-hierarchy.md).
 */
export interface KeyEncryptionKeys {
  /** New data keys are wrapped under this KEK. */
  readonly activeKekId: string;
  /** Every KEK id that can still unwrap (the active one first). */
  readonly kekIds: readonly string[];
  /**
   * Wraps a data key under the active KEK; `context` is authenticated (e.g. the purpose).
   * Asynchronous, because a KMS answers over the network.
   */
  wrap(dataKey: Buffer, context: string): Promise<Buffer>;
  /** Unwraps what `wrap` returned under `kekId`; a tampered, relabelled or foreign key rejects. */
  unwrap(kekId: string, wrapped: Buffer, context: string): Promise<Buffer>;
}

/**
 * KEKs from a variable of the form `kid:base64key[,kid:base64key...]` (32-byte keys), the first
 * active; older ones stay until no stored row is wrapped under them (rotation, then retirement).
 * Wrapping is AES-256-GCM: `iv | tag | encrypted data key`.
 */
export class LocalKeyEncryptionKeys implements KeyEncryptionKeys {
  readonly activeKekId: string;
  readonly kekIds: readonly string[];
  private readonly keys: ReadonlyMap<string, Buffer>;

  constructor(spec: string) {
    const entries = parseKeyRing(spec);
    this.keys = new Map(entries.map(({ kid, key }) => [kid, key]));
    this.kekIds = entries.map(({ kid }) => kid);
    this.activeKekId = this.kekIds[0];
  }

  wrap(dataKey: Buffer, context: string): Promise<Buffer> {
    return new Promise((resolve) => resolve(this.wrapNow(dataKey, context)));
  }

  unwrap(kekId: string, wrapped: Buffer, context: string): Promise<Buffer> {
    return new Promise((resolve) => resolve(this.unwrapNow(kekId, wrapped, context)));
  }

  private wrapNow(dataKey: Buffer, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keyFor(this.activeKekId), iv);
    cipher.setAAD(wrapAad(this.activeKekId, context));
    const encrypted = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
  }

  private unwrapNow(kekId: string, wrapped: Buffer, context: string): Buffer {
    const key = this.keyFor(kekId);
    if (wrapped.length !== IV_BYTES + TAG_BYTES + KEY_BYTES) {
      throw new CryptoError('Wrapped data key is malformed');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, wrapped.subarray(0, IV_BYTES));
    decipher.setAAD(wrapAad(kekId, context));
    decipher.setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new CryptoError('Wrapped data key failed authentication (tampered or wrong KEK)');
    }
  }

  private keyFor(kekId: string): Buffer {
    const key = this.keys.get(kekId);
    if (!key) throw new CryptoError(`No key-encryption key "${kekId}" is configured`);
    return key;
  }
}

// The KEK id and the purpose are authenticated: a wrapped key cannot be relabelled or reused elsewhere.
function wrapAad(kekId: string, context: string): Buffer {
  return Buffer.from(`kek.${kekId}.${context}`, 'utf8');
}
