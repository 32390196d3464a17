import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import * as pkcs11js from 'pkcs11js';
import { CryptoError } from './crypto-error';
import { EnvelopeCipher } from './envelope-cipher';
import { keyEncryptionKeysFrom } from './key-encryption-key-provider';
import { LocalKeyEncryptionKeys } from './key-encryption-keys';
import { Pkcs11KeyEncryptionKeys, type Pkcs11Options } from './pkcs11-key-encryption-keys';

// SoftHSM2 stands in for an HSM (ADR 0063); `npm test` installs it (tools/bootstrap.mjs). Never skipped.
const SOFTHSM_MODULE = '/usr/lib/softhsm/libsofthsm2.so';
const TOKEN = 'opp-kek-test';
const PIN = '4321';

let dir: string;

/**
 * Sets a variable in the process's real environment, which the PKCS#11 library reads at
 * C_Initialize: jest gives a test a copy of `process.env`, but a worker thread started with
 * SHARE_ENV writes the real one.
 */
function setRealEnv(name: string, value: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`process.env[${JSON.stringify(name)}] = ${JSON.stringify(value)};`, {
      eval: true,
      env: SHARE_ENV,
    });
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
}

/** A fresh token in a temporary directory, holding non-extractable AES-256 keys under `labels`. */
async function initToken(labels: string[]): Promise<void> {
  const util = spawnSync('softhsm2-util', ['--version'], { encoding: 'utf8' });
  if (util.error || !existsSync(SOFTHSM_MODULE)) {
    throw new Error(
      'SoftHSM2 is not installed (softhsm2-util and /usr/lib/softhsm/libsofthsm2.so): ' +
        'apt-get install -y softhsm2, or run npm test, whose bootstrap installs it',
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'opp-softhsm-'));
  writeFileSync(
    join(dir, 'softhsm2.conf'),
    `directories.tokendir = ${dir}\nobjectstore.backend = file\nlog.level = ERROR\n`,
  );
  process.env.SOFTHSM2_CONF = join(dir, 'softhsm2.conf');
  const init = spawnSync(
    'softhsm2-util',
    ['--init-token', '--free', '--label', TOKEN, '--pin', PIN, '--so-pin', '8765'],
    { encoding: 'utf8', env: process.env },
  );
  if (init.status !== 0) throw new Error(`softhsm2-util --init-token failed: ${init.stderr}`);
  await setRealEnv('SOFTHSM2_CONF', process.env.SOFTHSM2_CONF);
  const hsm = new pkcs11js.PKCS11();
  hsm.load(SOFTHSM_MODULE);
  hsm.C_Initialize();
  try {
    const slot = hsm.C_GetSlotList(true).find((s) => hsm.C_GetTokenInfo(s).label.trim() === TOKEN)!;
    const session = hsm.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
    hsm.C_Login(session, pkcs11js.CKU_USER, PIN);
    for (const label of labels) {
      hsm.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
        { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
        { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
        { type: pkcs11js.CKA_LABEL, value: label },
        { type: pkcs11js.CKA_TOKEN, value: true },
        { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
        { type: pkcs11js.CKA_ENCRYPT, value: true },
        { type: pkcs11js.CKA_DECRYPT, value: true },
        { type: pkcs11js.CKA_SENSITIVE, value: true },
        { type: pkcs11js.CKA_EXTRACTABLE, value: false },
      ]);
    }
    hsm.C_Logout(session);
    hsm.C_CloseSession(session);
  } finally {
    hsm.C_Finalize();
  }
}

const options = (kekLabels: string, pin = PIN): Pkcs11Options => ({
  module: SOFTHSM_MODULE,
  tokenLabel: TOKEN,
  pin,
  kekLabels,
});

describe('Pkcs11KeyEncryptionKeys against SoftHSM2 (ADR 0063)', () => {
  const open: Pkcs11KeyEncryptionKeys[] = [];
  const provider = (kekLabels: string) => {
    const keks = new Pkcs11KeyEncryptionKeys(options(kekLabels));
    open.push(keks);
    return keks;
  };

  beforeAll(() => initToken(['kek-1', 'kek-2']));
  afterEach(() => {
    for (const keks of open.splice(0)) keks.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('encrypts and decrypts envelopes whose data keys the token wraps', async () => {
    const cipher = new EnvelopeCipher(provider('kek-1'), 'card-data');
    const token = await cipher.encrypt('4111111111111111');
    expect(token.split('.')[1]).toBe('kek-1');
    expect(token).not.toContain('4111');
    expect(await cipher.decrypt(token)).toBe('4111111111111111');
  });

  it('rotates: re-wraps under the new KEK, which alone then opens the value', async () => {
    const before = new EnvelopeCipher(provider('kek-1'), 'card-data');
    const token = await before.encrypt('secret');
    const during = new EnvelopeCipher(provider('kek-2,kek-1'), 'card-data');
    expect(await during.decrypt(token)).toBe('secret');
    const rewrapped = await during.rewrap(token);
    expect(during.kekIdOf(rewrapped)).toBe('kek-2');
    const after = new EnvelopeCipher(provider('kek-2'), 'card-data');
    expect(await after.decrypt(rewrapped)).toBe('secret');
    await expect(after.decrypt(token)).rejects.toThrow('No key-encryption key "kek-1"');
  });

  it('authenticates the purpose and the KEK label with the wrapped key', async () => {
    const keks = provider('kek-2,kek-1');
    const wrapped = await keks.wrap(Buffer.alloc(32, 9), 'card-data');
    expect(await keks.unwrap('kek-2', wrapped, 'card-data')).toEqual(Buffer.alloc(32, 9));
    await expect(keks.unwrap('kek-2', wrapped, 'merchant-secrets')).rejects.toThrow(CryptoError);
    await expect(keks.unwrap('kek-1', wrapped, 'card-data')).rejects.toThrow(CryptoError);
    const tampered = Buffer.from(wrapped);
    tampered[20] ^= 1;
    await expect(keks.unwrap('kek-2', tampered, 'card-data')).rejects.toThrow(CryptoError);
  });

  it('wraps with keys that never leave the token: a local KEK of any value cannot open them', async () => {
    const keks = provider('kek-1');
    const wrapped = await keks.wrap(Buffer.alloc(32, 1), 'card-data');
    const local = new LocalKeyEncryptionKeys(`kek-1:${Buffer.alloc(32, 0).toString('base64')}`);
    await expect(local.unwrap('kek-1', wrapped, 'card-data')).rejects.toThrow(CryptoError);
  });

  it('is what KEK_PROVIDER=pkcs11 selects, the purpose variable naming the key labels', async () => {
    const { kekLabels: _labels, ...token } = options('');
    const keks = keyEncryptionKeysFrom('kek-2,kek-1', { provider: 'pkcs11', pkcs11: token });
    expect(keks).toBeInstanceOf(Pkcs11KeyEncryptionKeys);
    open.push(keks as Pkcs11KeyEncryptionKeys);
    expect(keks.kekIds).toEqual(['kek-2', 'kek-1']);
    const cipher = new EnvelopeCipher(keks, 'merchant-secrets');
    expect(await cipher.decrypt(await cipher.encrypt('signing key'))).toBe('signing key');
    const local = keyEncryptionKeysFrom(`k1:${Buffer.alloc(32, 2).toString('base64')}`, {
      provider: 'env',
    });
    expect(local).toBeInstanceOf(LocalKeyEncryptionKeys);
  });

  it('refuses to start with a wrong PIN, an unknown token or a missing key label', () => {
    expect(() => new Pkcs11KeyEncryptionKeys(options('kek-1', '0000'))).toThrow(
      `PKCS#11 login to token "${TOKEN}" failed (PIN)`,
    );
    expect(() => new Pkcs11KeyEncryptionKeys({ ...options('kek-1'), tokenLabel: 'nope' })).toThrow(
      'No PKCS#11 token labelled "nope"',
    );
    expect(() => new Pkcs11KeyEncryptionKeys(options('kek-3'))).toThrow(
      'PKCS#11 token has no AES key labelled "kek-3"',
    );
  });
});
