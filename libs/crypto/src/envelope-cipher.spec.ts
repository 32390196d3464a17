import { randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';
import { EnvelopeCipher } from './envelope-cipher';
import { FingerprintKey } from './fingerprint-key';
import { LocalKeyEncryptionKeys, type KeyEncryptionKeys } from './key-encryption-keys';
import { KeyRing } from './key-ring';

const kekA = randomBytes(32).toString('base64');
const kekB = randomBytes(32).toString('base64');
const underA = new EnvelopeCipher(new LocalKeyEncryptionKeys(`a:${kekA}`), 'card-data');
const underBA = new EnvelopeCipher(new LocalKeyEncryptionKeys(`b:${kekB},a:${kekA}`), 'card-data');
const underB = new EnvelopeCipher(new LocalKeyEncryptionKeys(`b:${kekB}`), 'card-data');
const PAN = '4111111111111111';

describe('EnvelopeCipher', () => {
  it('round-trips text under a fresh data key each time, naming the KEK', async () => {
    const one = await underA.encrypt(PAN);
    const two = await underA.encrypt(PAN);
    expect(one).toMatch(
      /^e1\.a\.[A-Za-z0-9_-]{80}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/,
    );
    expect(one.split('.')[2]).not.toBe(two.split('.')[2]);
    expect(one).not.toContain(PAN);
    expect(await underA.decrypt(one)).toBe(PAN);
    expect(underA.kekIdOf(one)).toBe('a');
  });

  it('re-wraps only the data key under the new active KEK; the ciphertext stays', async () => {
    const old = await underA.encrypt(PAN);
    const rewrapped = await underBA.rewrap(old);
    expect(underBA.kekIdOf(rewrapped)).toBe('b');
    expect(rewrapped.split('.').slice(3)).toEqual(old.split('.').slice(3));
    expect(rewrapped.split('.')[2]).not.toBe(old.split('.')[2]);
    // Once re-wrapped, the old KEK can be retired.
    expect(await underB.decrypt(rewrapped)).toBe(PAN);
    await expect(underB.decrypt(old)).rejects.toThrow(/No key-encryption key "a"/);
  });

  it('is idempotent: a token under the active KEK is left as it is', async () => {
    const fresh = await underBA.encrypt(PAN);
    expect(await underBA.rewrap(fresh)).toBe(fresh);
  });

  it('refuses a token of another purpose even under the same KEKs', async () => {
    const secrets = new EnvelopeCipher(new LocalKeyEncryptionKeys(`a:${kekA}`), 'secrets');
    await expect(secrets.decrypt(await underA.encrypt(PAN))).rejects.toThrow(CryptoError);
  });

  it('refuses a wrapped key relabelled with another KEK id holding the same key', async () => {
    const twice = new EnvelopeCipher(
      new LocalKeyEncryptionKeys(`b:${kekA},a:${kekA}`),
      'card-data',
    );
    const relabelled = (await twice.encrypt(PAN)).replace(/^e1\.b\./, 'e1.a.');
    await expect(twice.decrypt(relabelled)).rejects.toThrow(/failed authentication/);
  });

  it('detects tampering with the wrapped key, IV, tag or ciphertext', async () => {
    const parts = (await underA.encrypt(PAN)).split('.');
    for (const index of [2, 3, 4, 5]) {
      const bytes = Buffer.from(parts[index], 'base64url');
      bytes[0] ^= 0x01;
      const tampered = [...parts];
      tampered[index] = bytes.toString('base64url');
      await expect(underA.decrypt(tampered.join('.'))).rejects.toThrow(CryptoError);
    }
  });

  it.each([
    ['empty text', ''],
    ['another version', 'e2.a.AA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA'],
    ['too few parts', 'e1.a.AAAA'],
    ['a short wrapped key', 'e1.a.AAAA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA'],
  ])('refuses a malformed token: %s', async (_label, token) => {
    await expect(underA.decrypt(token)).rejects.toThrow(CryptoError);
  });

  it('reads legacy KeyRing tokens and re-encrypts them as envelopes', async () => {
    const ring = new KeyRing(`old:${randomBytes(32).toString('base64')}`);
    const withLegacy = new EnvelopeCipher(
      new LocalKeyEncryptionKeys(`a:${kekA}`),
      'card-data',
      ring,
    );
    const legacy = ring.encrypt(PAN);
    expect(withLegacy.kekIdOf(legacy)).toBeNull();
    expect(await withLegacy.decrypt(legacy)).toBe(PAN);
    const upgraded = await withLegacy.rewrap(legacy);
    expect(withLegacy.kekIdOf(upgraded)).toBe('a');
    expect(await underA.decrypt(upgraded)).toBe(PAN);
    await expect(underA.decrypt(legacy)).rejects.toThrow(/No legacy key ring/);
  });
});

describe('EnvelopeCipher with a remote KEK provider', () => {
  // What a KMS adapter looks like: the KEK never leaves the provider and every call is a round trip.
  class RemoteKeks implements KeyEncryptionKeys {
    readonly activeKekId = 'kms-1';
    readonly kekIds = ['kms-1'];
    readonly calls: string[] = [];
    private readonly inside = new LocalKeyEncryptionKeys(`kms-1:${kekA}`);

    async wrap(dataKey: Buffer, context: string): Promise<Buffer> {
      await new Promise((resolve) => setImmediate(resolve));
      this.calls.push(`wrap ${context}`);
      return this.inside.wrap(dataKey, context);
    }

    async unwrap(kekId: string, wrapped: Buffer, context: string): Promise<Buffer> {
      await new Promise((resolve) => setImmediate(resolve));
      this.calls.push(`unwrap ${kekId} ${context}`);
      return this.inside.unwrap(kekId, wrapped, context);
    }
  }

  it('encrypts and decrypts through the provider, passing the purpose as its context', async () => {
    const kms = new RemoteKeks();
    const cipher = new EnvelopeCipher(kms, 'card-data');
    expect(await cipher.decrypt(await cipher.encrypt(PAN))).toBe(PAN);
    expect(kms.calls).toEqual(['wrap card-data', 'unwrap kms-1 card-data']);
  });
});

describe('LocalKeyEncryptionKeys', () => {
  it('lists its KEKs, the first active, and refuses bad specs without echoing keys', () => {
    const keks = new LocalKeyEncryptionKeys(`b:${kekB},a:${kekA}`);
    expect(keks.activeKekId).toBe('b');
    expect(keks.kekIds).toEqual(['b', 'a']);
    const short = randomBytes(16).toString('base64');
    expect(() => new LocalKeyEncryptionKeys(`a:${short}`)).toThrow(/16 bytes/);
    try {
      new LocalKeyEncryptionKeys(`a:${short}`);
    } catch (err) {
      expect((err as Error).message).not.toContain(short);
    }
  });

  it('refuses a wrapped key of the wrong size or context', async () => {
    const keks = new LocalKeyEncryptionKeys(`a:${kekA}`);
    const wrapped = await keks.wrap(randomBytes(32), 'card-data');
    await expect(keks.unwrap('a', wrapped.subarray(1), 'card-data')).rejects.toThrow(/malformed/);
    await expect(keks.unwrap('a', wrapped, 'secrets')).rejects.toThrow(/failed authentication/);
  });
});

describe('FingerprintKey', () => {
  const spec = `f1:${kekA}`;

  it('gives the same fingerprint as a KeyRing pinned to the same key (existing rows stay findable)', () => {
    const ring = new KeyRing(`x:${kekB},f1:${kekA}`, { fingerprintKid: 'f1' });
    expect(new FingerprintKey(spec).fingerprint(PAN)).toBe(ring.fingerprint(PAN));
  });

  it('does not depend on any KEK, so a KEK rotation leaves fingerprints alone', () => {
    expect(new FingerprintKey(spec).fingerprint(PAN)).toMatch(/^[0-9a-f]{64}$/);
    expect(new FingerprintKey(spec).fingerprint(PAN)).not.toBe(
      new FingerprintKey(`f1:${kekB}`).fingerprint(PAN),
    );
  });

  it('takes one key, or two while a rotation runs (ADR 0063), never more', () => {
    expect(() => new FingerprintKey(`a:${kekA},b:${kekB},c:${kekA}`)).toThrow(
      /two while a rotation runs/,
    );
  });
});
