import { randomBytes } from 'node:crypto';
import { CryptoError } from './crypto-error';
import { KeyRing } from './key-ring';
import { keyedHash } from './keyed-hash';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const ringA = new KeyRing(`a:${keyA}`);
const ringBA = new KeyRing(`b:${keyB},a:${keyA}`);

describe('KeyRing encryption', () => {
  it('round-trips text, including empty and non-ASCII text', () => {
    for (const text of ['4111111111111111', '', 'Ünïcødé ✓ 日本']) {
      expect(ringA.decrypt(ringA.encrypt(text))).toBe(text);
    }
  });

  it('writes a compact self-describing token under the active kid', () => {
    const token = ringBA.encrypt('secret');
    expect(token).toMatch(/^v1\.b\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(token).not.toContain('secret');
  });

  it('uses a fresh IV every time', () => {
    expect(ringA.encrypt('same')).not.toBe(ringA.encrypt('same'));
  });

  it('decrypts tokens of an older key after rotation and encrypts with the new one', () => {
    const old = ringA.encrypt('4111111111111111');
    expect(ringBA.decrypt(old)).toBe('4111111111111111');
    expect(ringBA.needsRotation(old)).toBe(true);
    const fresh = ringBA.encrypt('4111111111111111');
    expect(ringBA.needsRotation(fresh)).toBe(false);
    expect(ringA.needsRotation(old)).toBe(false);
  });

  it('refuses a token whose key has left the ring', () => {
    const ringB = new KeyRing(`b:${keyB}`);
    expect(() => ringB.decrypt(ringA.encrypt('x'))).toThrow(/No key with kid "a"/);
  });

  it('detects tampering with the ciphertext, tag or IV', () => {
    const token = ringA.encrypt('amount=100');
    const parts = token.split('.');
    for (const index of [2, 3, 4]) {
      const bytes = Buffer.from(parts[index], 'base64url');
      bytes[0] ^= 0x01;
      const tampered = [...parts];
      tampered[index] = bytes.toString('base64url');
      expect(() => ringA.decrypt(tampered.join('.'))).toThrow(CryptoError);
    }
  });

  it('detects a token relabelled with another kid of the ring', () => {
    const sameKeyTwice = new KeyRing(`b:${keyA},a:${keyA}`);
    const relabelled = sameKeyTwice.encrypt('x').replace(/^v1\.b\./, 'v1.a.');
    expect(() => sameKeyTwice.decrypt(relabelled)).toThrow(/failed authentication/);
  });

  it('refuses a token under a different key with the same kid', () => {
    const impostor = new KeyRing(`a:${keyB}`);
    expect(() => ringA.decrypt(impostor.encrypt('x'))).toThrow(/failed authentication/);
  });

  it.each([
    ['empty text', ''],
    ['another version', 'v2.a.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA'],
    ['too few parts', 'v1.a.AAAA'],
    ['a short IV', 'v1.a.AAAA.AAAAAAAAAAAAAAAAAAAAAA.AA'],
    ['a short tag', 'v1.a.AAAAAAAAAAAAAAAA.AAAA.AA'],
  ])('refuses a malformed token: %s', (_label, token) => {
    expect(() => ringA.decrypt(token)).toThrow(CryptoError);
  });
});

describe('KeyRing construction', () => {
  it.each([
    ['an empty string', '', /it is empty/],
    ['an entry without colon', keyA, /entry 1 is not of the form kid:base64key/],
    ['an empty kid', `:${keyA}`, /entry 1 has an invalid kid/],
    ['a kid with a dot', `a.b:${keyA}`, /entry 1 has an invalid kid/],
    ['a non-base64 key', 'a:not*base64', /entry 1 \(kid "a"\) has a key that is not base64/],
    ['an empty key', 'a:', /entry 1 \(kid "a"\) has a key that is not base64/],
    ['a short key', `a:${keyA},b:${randomBytes(16).toString('base64')}`, /entry 2 .* 16 bytes/],
    ['a duplicate kid', `a:${keyA},a:${keyB}`, /kid "a" appears twice/],
    ['a trailing comma', `a:${keyA},`, /entry 2 is not of the form/],
  ])('throws on %s', (_label, spec, message) => {
    expect(() => new KeyRing(spec)).toThrow(message);
  });

  it('never echoes key material in its errors', () => {
    const shortKey = randomBytes(16).toString('base64');
    for (const spec of [`a:${shortKey}`, shortKey, `a:${keyA}x`, `a:${keyA},a:${keyB}`]) {
      try {
        new KeyRing(spec);
        throw new Error('expected a CryptoError');
      } catch (err) {
        expect(err).toBeInstanceOf(CryptoError);
        for (const secret of [shortKey, keyA, keyB]) {
          expect((err as Error).message).not.toContain(secret);
        }
      }
    }
  });

  it('tolerates spaces around entries', () => {
    const ring = new KeyRing(` b:${keyB} , a:${keyA} `);
    expect(ring.activeKid).toBe('b');
    expect(ring.decrypt(ringA.encrypt('x'))).toBe('x');
  });

  it('refuses a fingerprint kid that is not in the ring', () => {
    expect(() => new KeyRing(`a:${keyA}`, { fingerprintKid: 'z' })).toThrow(
      /fingerprint kid "z" is not in it/,
    );
  });
});

describe('KeyRing.fingerprint', () => {
  it('is deterministic hex and differs per value', () => {
    expect(ringA.fingerprint('4111111111111111')).toBe(ringA.fingerprint('4111111111111111'));
    expect(ringA.fingerprint('4111111111111111')).toMatch(/^[0-9a-f]{64}$/);
    expect(ringA.fingerprint('4111111111111111')).not.toBe(ringA.fingerprint('4111111111111112'));
  });

  it('stays stable across a rotation when the fingerprint kid is pinned', () => {
    const rotated = new KeyRing(`b:${keyB},a:${keyA}`, { fingerprintKid: 'a' });
    expect(rotated.fingerprintKid).toBe('a');
    expect(rotated.fingerprint('4111111111111111')).toBe(ringA.fingerprint('4111111111111111'));
  });

  it('defaults to the active kid', () => {
    expect(ringBA.fingerprintKid).toBe('b');
    expect(ringBA.fingerprint('x')).not.toBe(ringA.fingerprint('x'));
  });

  it('does not hash with the raw encryption key', () => {
    expect(ringA.fingerprint('x')).not.toBe(keyedHash(Buffer.from(keyA, 'base64'), 'x'));
  });
});
