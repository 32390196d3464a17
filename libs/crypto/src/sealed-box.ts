import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CryptoError } from './crypto-error';
import { parseKidEntry } from './parse-key-ring';

const VERSION = 's1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const RAW_KEY_BYTES = 32;
const HKDF_INFO = 'opp/sealed-box/v1';
/** Derived keys an opening ring keeps: a window a second long per sealer, so a minute of one. */
const AGREED_KEYS_KEPT = 64;
// DER prefixes of X25519 keys, so a raw 32-byte key can be given instead of SPKI / PKCS8.
const SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_DER = { type: 'spki', format: 'der' } as const;
/** The X25519 base point, u = 9 (RFC 7748), as a public key. */
const BASE_POINT = createPublicKey({
  key: {
    kty: 'OKP',
    crv: 'X25519',
    x: Buffer.from([9, ...new Array<number>(31).fill(0)]).toString('base64url'),
  },
  format: 'jwk',
});

/**
 * How long one ephemeral key agreement serves the boxes a sealer seals (ADR 0063): at most
 * `maxBoxes` boxes and `maxAgeMs` milliseconds, whichever ends first. `now` is the clock in
 * milliseconds (tests; by default a monotonic one).
 */
export interface SealingWindow {
  maxBoxes: number;
  maxAgeMs: number;
  now?: () => number;
}

/** ADR 0063: a second of boxes, or a thousand, per key agreement. */
export const SEALING_WINDOW: SealingWindow = { maxBoxes: 1000, maxAgeMs: 1000 };

/** The key agreement of the current window: its ephemeral public key and the derived AES key. */
interface Agreement {
  /** The ephemeral public key as base64url text, as the boxes carry it and their header names it. */
  ephemeralText: string;
  key: Buffer;
  boxes: number;
  endsAt: number;
}

/**
 * Public-key sealing (hybrid encryption, like an ECIES "sealed box"): X25519 with an ephemeral
 * key, HKDF-SHA256 over the shared secret, AES-256-GCM with a fresh random IV per box. The
 * ephemeral key and its derived key serve a short window of boxes (ADR 0063): a key agreement per
 * box took a tenth of the gateway's busy time under load. Whoever holds only the public key can
 * seal but never open, so a service that receives secrets from the outside (the gateway) cannot
 * read anything sealed to the same key by others, nor what it sealed itself before its current
 * window.
 * Boxes read `s1.<kid>.<ephemeral public key>.<iv>.<tag>.<ciphertext>` (base64url); the header
 * and the caller's context (e.g. purpose and project) are authenticated, so a box opens only
 * for the context it was sealed for.
 */
export class SealingKey {
  /** The recipient's raw 32 bytes, part of every box's key derivation: read once. */
  private readonly raw: Buffer;
  private readonly now: () => number;
  private agreement: Agreement | undefined;

  private constructor(
    readonly kid: string,
    private readonly key: KeyObject,
    private readonly window: SealingWindow,
  ) {
    this.raw = rawOfSpki(key.export(SPKI_DER));
    // A monotonic clock: a wall clock set back would stretch a window.
    this.now = window.now ?? (() => performance.now());
  }

  /** `kid:base64` of an X25519 public key as SPKI DER or the raw 32 bytes. */
  static parse(spec: string, window: SealingWindow = SEALING_WINDOW): SealingKey {
    const { kid, bytes } = parseKidEntry(spec.trim(), 'public key', 1);
    try {
      const der = bytes.length === RAW_KEY_BYTES ? Buffer.concat([SPKI_PREFIX, bytes]) : bytes;
      const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
      assertX25519(key, 'public key', kid);
      return new SealingKey(kid, key, window);
    } catch (err) {
      throw asCryptoError(err, `Invalid public key (kid "${kid}"): not an X25519 key`);
    }
  }

  seal(plaintext: string, context: string): string {
    const { ephemeralText, key } = this.currentAgreement();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(additionalData(this.kid, ephemeralText, context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.kid, ephemeralText, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The window's agreement, or a new one once the window is over (ADR 0063). */
  private currentAgreement(): Agreement {
    const now = this.now();
    const current = this.agreement;
    if (current && current.boxes < this.window.maxBoxes && now < current.endsAt) {
      current.boxes++;
      return current;
    }
    const ephemeral = generateKeyPairSync('x25519');
    // RFC 7748, section 6.1: a public key is X25519 of its private key and the base point. Computed
    // by a key agreement, which allocates nothing under the key's lock, never exported from the
    // fresh key object: that export hung the process (ADR 0063, see `rawOfSpki`).
    const ephemeralRaw = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: BASE_POINT });
    const key = deriveKey(
      diffieHellman({ privateKey: ephemeral.privateKey, publicKey: this.key }),
      ephemeralRaw,
      this.raw,
    );
    this.agreement = {
      ephemeralText: ephemeralRaw.toString('base64url'),
      key,
      boxes: 1,
      endsAt: now + this.window.maxAgeMs,
    };
    return this.agreement;
  }
}

/**
 * The private keys that open sealed boxes: `kid:base64[,kid:base64...]` of X25519 private keys
 * (PKCS8 DER or the raw 32 bytes). The first is the current one, whose public half the sealers
 * are given; older ones stay while boxes sealed to them may still be in flight (rotation).
 */
export class OpeningKeyRing {
  readonly currentKid: string;
  private readonly keys: ReadonlyMap<string, KeyObject>;
  /** Each key's raw public half, part of every box's key derivation: computed once, not per box. */
  private readonly rawPublics = new Map<string, Buffer>();
  /**
   * The derived keys of the latest ephemeral keys that opened a box, by kid and ephemeral key: a
   * sealer's window seals many boxes with one (ADR 0063). Only keys that authenticated a box are
   * kept, so a forged header cannot push real ones out; the oldest goes first.
   */
  private readonly agreed = new Map<string, Buffer>();

  constructor(spec: string) {
    if (spec.trim() === '') throw new CryptoError('Invalid private keys: none given');
    const keys = new Map<string, KeyObject>();
    spec.split(',').forEach((raw, index) => {
      const { kid, bytes } = parseKidEntry(raw.trim(), 'private keys', index + 1);
      if (keys.has(kid)) throw new CryptoError(`Invalid private keys: kid "${kid}" appears twice`);
      try {
        const der = bytes.length === RAW_KEY_BYTES ? Buffer.concat([PKCS8_PREFIX, bytes]) : bytes;
        const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
        assertX25519(key, 'private keys', kid);
        keys.set(kid, key);
        this.rawPublics.set(kid, rawOfSpki(createPublicKey(key).export(SPKI_DER)));
      } catch (err) {
        throw asCryptoError(err, `Invalid private keys: kid "${kid}" is not an X25519 key`);
      }
    });
    this.keys = keys;
    this.currentKid = [...keys.keys()][0];
  }

  /** The public half of the current key, as the sealers' `kid:base64` (SPKI DER). */
  currentPublicKey(): string {
    const key = createPublicKey(this.keyFor(this.currentKid));
    return `${this.currentKid}:${key.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  }

  open(box: string, context: string): string {
    const parts = box.split('.');
    const [version, kid, ephemeral, iv, tag, ciphertext] = parts;
    if (parts.length !== 6 || version !== VERSION) {
      throw new CryptoError(`Not a sealed box of version ${VERSION}`);
    }
    const decoded = {
      ephemeral: Buffer.from(ephemeral, 'base64url'),
      iv: Buffer.from(iv, 'base64url'),
      tag: Buffer.from(tag, 'base64url'),
      ciphertext: Buffer.from(ciphertext, 'base64url'),
    };
    if (
      decoded.ephemeral.length !== RAW_KEY_BYTES ||
      decoded.iv.length !== IV_BYTES ||
      decoded.tag.length !== TAG_BYTES
    ) {
      throw new CryptoError('Sealed box is malformed');
    }
    const ephemeralText = decoded.ephemeral.toString('base64url');
    const agreedKey = `${kid}.${ephemeralText}`;
    const cached = this.agreed.get(agreedKey);
    const key = cached ?? this.agree(kid, decoded.ephemeral, ephemeralText);
    let plaintext: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, decoded.iv);
      decipher.setAAD(additionalData(kid, ephemeralText, context));
      decipher.setAuthTag(decoded.tag);
      plaintext = Buffer.concat([decipher.update(decoded.ciphertext), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw notAuthentic();
    }
    if (!cached) this.remember(agreedKey, key);
    return plaintext;
  }

  /** The key derived from the recipient's private key and a box's ephemeral public key. */
  private agree(kid: string, ephemeral: Buffer, ephemeralText: string): Buffer {
    const privateKey = this.keyFor(kid);
    try {
      // From its JWK form: OpenSSL's DER decoder costs about six times as much per box.
      const ephemeralKey = createPublicKey({
        key: { kty: 'OKP', crv: 'X25519', x: ephemeralText },
        format: 'jwk',
      });
      return deriveKey(
        diffieHellman({ privateKey, publicKey: ephemeralKey }),
        ephemeral,
        this.rawPublics.get(kid)!,
      );
    } catch {
      throw notAuthentic();
    }
  }

  private remember(agreedKey: string, key: Buffer): void {
    if (this.agreed.size >= AGREED_KEYS_KEPT) {
      this.agreed.delete(this.agreed.keys().next().value!);
    }
    this.agreed.set(agreedKey, key);
  }

  private keyFor(kid: string): KeyObject {
    const key = this.keys.get(kid);
    if (!key) throw new CryptoError(`No private key with kid "${kid}" to open the sealed box`);
    return key;
  }
}

/** A new X25519 key pair as `kid:base64` texts (PKCS8 / SPKI DER), e.g. for a rotation. */
export function generateSealingKeyPair(kid: string): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('x25519', {
    publicKeyEncoding: SPKI_DER,
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  return {
    privateKey: `${kid}:${pair.privateKey.toString('base64')}`,
    publicKey: `${kid}:${pair.publicKey.toString('base64')}`,
  };
}

// Both public keys go into the salt, binding the derived key to this exact exchange.
function deriveKey(shared: Buffer, ephemeralRaw: Buffer, recipientRaw: Buffer): Buffer {
  const salt = Buffer.concat([ephemeralRaw, recipientRaw]);
  return Buffer.from(hkdfSync('sha256', shared, salt, HKDF_INFO, 32));
}

function additionalData(kid: string, ephemeralText: string, context: string): Buffer {
  return Buffer.from(`${VERSION}.${kid}.${ephemeralText}|${context}`, 'utf8');
}

/**
 * The raw 32 bytes of an X25519 public key: the tail of its SPKI DER, whose prefix is fixed. Keys
 * read at start only; a fresh ephemeral key is never exported (ADR 0063): Node 20 holds a key's
 * lock while a JWK or DER export allocates, and a garbage collection in that allocation that
 * finalizes the key's generation job takes the same lock, so the process hangs for good (seen in a
 * gateway under load; `sealed-box-gc.int-spec.ts` reproduces it).
 */
function rawOfSpki(der: Buffer): Buffer {
  if (
    der.length !== SPKI_PREFIX.length + RAW_KEY_BYTES ||
    !der.subarray(0, SPKI_PREFIX.length).equals(SPKI_PREFIX)
  ) {
    throw new CryptoError('Not an X25519 public key');
  }
  return der.subarray(SPKI_PREFIX.length);
}

function notAuthentic(): CryptoError {
  return new CryptoError('Sealed box failed authentication (tampered, wrong key or context)');
}

function assertX25519(key: KeyObject, what: string, kid: string): void {
  if (key.asymmetricKeyType !== 'x25519') {
    throw new CryptoError(`Invalid ${what}: kid "${kid}" is not an X25519 key`);
  }
}

function asCryptoError(err: unknown, message: string): CryptoError {
  return err instanceof CryptoError ? err : new CryptoError(message);
}
