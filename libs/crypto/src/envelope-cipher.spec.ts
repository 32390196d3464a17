import { randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';
import { EnvelopeCipher } from './envelope-cipher';
import { FingerprintKey } from './fingerprint-key';
import { LocalKeyEncryptionKeys } from './key-encryption-keys';
import { KeyRing } from './key-ring';

const kekA = randomBytes(32).toString('base64');
const kekB = randomBytes(32).toString('base64');
const underA = new EnvelopeCipher(new LocalKeyEncryptionKeys(`a:${kekA}`), 'card-data');
const underBA = new EnvelopeCipher(new LocalKeyEncryptionKeys(`b:${kekB},a:${kekA}`), 'card-data');
const underB = new EnvelopeCipher(new LocalKeyEncryptionKeys(`b:${kekB}`), 'card-data');
const PAN = '4111111111111111';

describe('EnvelopeCipher', () => {
  it('round-trips text under a fresh data key each time, naming the KEK', () => {
    const one = underA.encrypt(PAN);
    const two = underA.encrypt(PAN);
    expect(one).toMatch(
      /^e1\.a\.[A-Za-z0-9_-]{80}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/,
    );
    expect(one.split('.')[2]).not.toBe(two.split('.')[2]);
    expect(one).not.toContain(PAN);
    expect(underA.decrypt(one)).toBe(PAN);
    expect(underA.kekIdOf(one)).toBe('a');
  });

  it('re-wraps only the data key under the new active KEK; the ciphertext stays', () => {
    const old = underA.encrypt(PAN);
    const rewrapped = underBA.rewrap(old);
    expect(underBA.kekIdOf(rewrapped)).toBe('b');
    expect(rewrapped.split('.').slice(3)).toEqual(old.split('.').slice(3));
    expect(rewrapped.split('.')[2]).not.toBe(old.split('.')[2]);
    // Once re-wrapped, the old KEK can be retired.
    expect(underB.decrypt(rewrapped)).toBe(PAN);
    expect(() => underB.decrypt(old)).toThrow(/No key-encryption key "a"/);
  });

  it('is idempotent: a token under the active KEK is left as it is', () => {
    const fresh = underBA.encrypt(PAN);
    expect(underBA.rewrap(fresh)).toBe(fresh);
  });

  it('refuses a token of another purpose even under the same KEKs', () => {
    const secrets = new EnvelopeCipher(new LocalKeyEncryptionKeys(`a:${kekA}`), 'secrets');
    expect(() => secrets.decrypt(underA.encrypt(PAN))).toThrow(CryptoError);
  });

  it('refuses a wrapped key relabelled with another KEK id holding the same key', () => {
    const twice = new EnvelopeCipher(
      new LocalKeyEncryptionKeys(`b:${kekA},a:${kekA}`),
      'card-data',
    );
    const relabelled = twice.encrypt(PAN).replace(/^e1\.b\./, 'e1.a.');
    expect(() => twice.decrypt(relabelled)).toThrow(/failed authentication/);
  });

  it('detects tampering with the wrapped key, IV, tag or ciphertext', () => {
    const parts = underA.encrypt(PAN).split('.');
    for (const index of [2, 3, 4, 5]) {
      const bytes = Buffer.from(parts[index], 'base64url');
      bytes[0] ^= 0x01;
      const tampered = [...parts];
      tampered[index] = bytes.toString('base64url');
      expect(() => underA.decrypt(tampered.join('.'))).toThrow(CryptoError);
    }
  });

  it.each([
    ['empty text', ''],
    ['another version', 'e2.a.AA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA'],
    ['too few parts', 'e1.a.AAAA'],
    ['a short wrapped key', 'e1.a.AAAA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA'],
  ])('refuses a malformed token: %s', (_label, token) => {
    expect(() => underA.decrypt(token)).toThrow(CryptoError);
  });

  it('reads legacy KeyRing tokens and re-encrypts them as envelopes', () => {
    const ring = new KeyRing(`old:${randomBytes(32).toString('base64')}`);
    const withLegacy = new EnvelopeCipher(
      new LocalKeyEncryptionKeys(`a:${kekA}`),
      'card-data',
      ring,
    );
    const legacy = ring.encrypt(PAN);
    expect(withLegacy.kekIdOf(legacy)).toBeNull();
    expect(withLegacy.decrypt(legacy)).toBe(PAN);
    const upgraded = withLegacy.rewrap(legacy);
    expect(withLegacy.kekIdOf(upgraded)).toBe('a');
    expect(underA.decrypt(upgraded)).toBe(PAN);
    expect(() => underA.decrypt(legacy)).toThrow(/No legacy key ring/);
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

  it('refuses a wrapped key of the wrong size or context', () => {
    const keks = new LocalKeyEncryptionKeys(`a:${kekA}`);
    const wrapped = keks.wrap(randomBytes(32), 'card-data');
    expect(() => keks.unwrap('a', wrapped.subarray(1), 'card-data')).toThrow(/malformed/);
    expect(() => keks.unwrap('a', wrapped, 'secrets')).toThrow(/failed authentication/);
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

  it('takes exactly one key', () => {
    expect(() => new FingerprintKey(`a:${kekA},b:${kekB}`)).toThrow(/exactly one/);
  });
});
