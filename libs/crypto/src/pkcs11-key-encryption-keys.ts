import { randomBytes } from 'node:crypto';
import type * as Pkcs11Js from 'pkcs11js';
import { CryptoError } from './crypto-error';
import type { KeyEncryptionKeys } from './key-encryption-keys';
import { KEY_BYTES } from './parse-key-ring';

const IV_BYTES = 12;
const TAG_BITS = 128;
const WRAPPED_BYTES = IV_BYTES + KEY_BYTES + TAG_BITS / 8;
const LABEL = /^[A-Za-z0-9_-]{1,32}$/;

/** Where the KEKs live in a PKCS#11 token (an HSM, or SoftHSM2 in tests). */
export interface Pkcs11Options {
  /** The PKCS#11 library of the HSM, e.g. `/usr/lib/softhsm/libsofthsm2.so`. */
  readonly module: string;
  /** The label of the token that holds the keys. */
  readonly tokenLabel: string;
  /** The user PIN of that token. */
  readonly pin: string;
  /**
   * Labels of AES-256 secret keys in the token, `kek-2,kek-1`: the first active, older ones kept
   * while rows are wrapped under them, exactly like the kids of `LocalKeyEncryptionKeys`.
   */
  readonly kekLabels: string;
}

/**
 * The KEKs of one purpose inside a PKCS#11 token (ADR 0063): the key material never leaves it;
 * wrapping a data key is an AES-256-GCM encryption the token performs, with the KEK label and the
 * context as additional data, `iv | encrypted data key | tag`. The session is opened and logged in
 * once at start; `close` ends it. A KMS adapter would look the same.
 */
export class Pkcs11KeyEncryptionKeys implements KeyEncryptionKeys {
  readonly activeKekId: string;
  readonly kekIds: readonly string[];
  private readonly modulePath: string;
  private readonly module: Pkcs11Js.PKCS11;
  private readonly session: Buffer;
  private readonly keys = new Map<string, Buffer>();

  constructor(options: Pkcs11Options) {
    this.kekIds = parseLabels(options.kekLabels);
    this.activeKekId = this.kekIds[0];
    this.modulePath = options.module;
    this.module = acquireModule(options.module);
    try {
      this.session = this.openSession(options.tokenLabel, options.pin);
      for (const label of this.kekIds) this.keys.set(label, this.findKey(label));
    } catch (err) {
      releaseModule(this.modulePath);
      throw err;
    }
  }

  wrap(dataKey: Buffer, context: string): Promise<Buffer> {
    return new Promise((resolve) => {
      const iv = randomBytes(IV_BYTES);
      const mechanism = gcm(iv, this.activeKekId, context);
      this.module.C_EncryptInit(this.session, mechanism, this.keyFor(this.activeKekId));
      const sealed = this.module.C_Encrypt(this.session, dataKey, Buffer.alloc(WRAPPED_BYTES));
      resolve(Buffer.concat([iv, sealed]));
    });
  }

  unwrap(kekId: string, wrapped: Buffer, context: string): Promise<Buffer> {
    return new Promise((resolve) => {
      const key = this.keyFor(kekId);
      if (wrapped.length !== WRAPPED_BYTES) throw new CryptoError('Wrapped data key is malformed');
      const mechanism = gcm(wrapped.subarray(0, IV_BYTES), kekId, context);
      this.module.C_DecryptInit(this.session, mechanism, key);
      try {
        resolve(
          Buffer.from(
            this.module.C_Decrypt(this.session, wrapped.subarray(IV_BYTES), Buffer.alloc(64)),
          ),
        );
      } catch {
        throw new CryptoError('Wrapped data key failed authentication (tampered or wrong KEK)');
      }
    });
  }

  /**
   * Closes the session and releases the module (at shutdown). No explicit logout: a login is the
   * process's, shared with other providers, and ends with the token's last session.
   */
  close(): void {
    try {
      this.module.C_CloseSession(this.session);
    } catch {
      // Already closed: releasing the module below ends every session anyway.
    }
    releaseModule(this.modulePath);
  }

  private openSession(tokenLabel: string, pin: string): Buffer {
    const slot = this.module
      .C_GetSlotList(true)
      .find((s) => this.module.C_GetTokenInfo(s).label.trim() === tokenLabel);
    if (!slot) throw new CryptoError(`No PKCS#11 token labelled "${tokenLabel}"`);
    const session = this.module.C_OpenSession(slot, lib().CKF_SERIAL_SESSION);
    try {
      this.module.C_Login(session, lib().CKU_USER, pin);
    } catch (err) {
      // A login holds for every session of the process: another purpose's provider may have made it.
      if (!String((err as Error).message).includes('CKR_USER_ALREADY_LOGGED_IN')) {
        this.module.C_CloseSession(session);
        throw new CryptoError(`PKCS#11 login to token "${tokenLabel}" failed (PIN)`);
      }
    }
    return session;
  }

  private findKey(label: string): Buffer {
    this.module.C_FindObjectsInit(this.session, [
      { type: lib().CKA_CLASS, value: lib().CKO_SECRET_KEY },
      { type: lib().CKA_KEY_TYPE, value: lib().CKK_AES },
      { type: lib().CKA_LABEL, value: label },
    ]);
    const found = this.module.C_FindObjects(this.session, 2);
    this.module.C_FindObjectsFinal(this.session);
    if (found.length !== 1) {
      throw new CryptoError(
        `PKCS#11 token has ${found.length === 0 ? 'no' : 'more than one'} AES key labelled "${label}"`,
      );
    }
    const [{ value }] = this.module.C_GetAttributeValue(this.session, found[0], [
      { type: lib().CKA_VALUE_LEN },
    ]);
    if (!Buffer.isBuffer(value) || value.readUInt32LE(0) !== KEY_BYTES) {
      throw new CryptoError(`PKCS#11 key "${label}" is not an AES-256 key`);
    }
    return found[0];
  }

  private keyFor(kekId: string): Buffer {
    const key = this.keys.get(kekId);
    if (!key) throw new CryptoError(`No key-encryption key "${kekId}" is configured`);
    return key;
  }
}

let binding: typeof Pkcs11Js | undefined;

/**
 * The `pkcs11js` native addon, loaded only when a PKCS#11 provider is configured: images install
 * production dependencies without install scripts, so services that never use an HSM must not
 * need the compiled addon to start.
 */
function lib(): typeof Pkcs11Js {
  if (!binding) {
    try {
      // A lazy require keeps the addon off the load path of every service importing this library.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      binding = require('pkcs11js') as typeof Pkcs11Js;
    } catch {
      throw new CryptoError(
        'KEK_PROVIDER=pkcs11 needs the pkcs11js native addon, which is not built',
      );
    }
  }
  return binding;
}

/**
 * A PKCS#11 library is initialized once per process: every provider of that library (one per
 * purpose) shares it, and the last to close finalizes it.
 */
const modules = new Map<string, { module: Pkcs11Js.PKCS11; users: number }>();

function acquireModule(path: string): Pkcs11Js.PKCS11 {
  const loaded = modules.get(path);
  if (loaded) {
    loaded.users++;
    return loaded.module;
  }
  const module = new (lib().PKCS11)();
  try {
    module.load(path);
    module.C_Initialize();
  } catch {
    throw new CryptoError(`PKCS#11 module ${path} could not be loaded`);
  }
  modules.set(path, { module, users: 1 });
  return module;
}

function releaseModule(path: string): void {
  const loaded = modules.get(path);
  if (!loaded || --loaded.users > 0) return;
  modules.delete(path);
  try {
    loaded.module.C_Finalize();
  } catch {
    // Already finalized: nothing to release.
  }
}

// The KEK label and the purpose are authenticated, as with LocalKeyEncryptionKeys.
function gcm(iv: Buffer, kekId: string, context: string): Pkcs11Js.Mechanism {
  const aad = Buffer.from(`kek.${kekId}.${context}`, 'utf8');
  const parameter: Pkcs11Js.AesGCM = {
    type: lib().CK_PARAMS_AES_GCM,
    iv,
    aad,
    ivBits: IV_BYTES * 8,
    tagBits: TAG_BITS,
  };
  return { mechanism: lib().CKM_AES_GCM, parameter };
}

/** The labels of a PKCS#11 KEK variable, checked as the provider reads them. */
export function parseLabels(spec: string): string[] {
  const labels = spec.split(',').map((label) => label.trim());
  labels.forEach((label, index) => {
    if (!LABEL.test(label)) {
      throw new CryptoError(
        `Invalid PKCS#11 key labels: entry ${index + 1} is not 1-32 characters of A-Z a-z 0-9 _ -`,
      );
    }
  });
  if (new Set(labels).size !== labels.length) {
    throw new CryptoError('Invalid PKCS#11 key labels: a label appears twice');
  }
  return labels;
}
