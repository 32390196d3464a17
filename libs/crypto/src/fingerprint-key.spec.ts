import { FingerprintKey } from './fingerprint-key';

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const PAN = '4111111111111111';

describe('FingerprintKey: rotatable (ADR 0063)', () => {
  it('fingerprints with the first key and looks up by the first and the previous', () => {
    const old = new FingerprintKey(`fp-a:${key(1)}`);
    const rotating = new FingerprintKey(`fp-b:${key(2)},fp-a:${key(1)}`);
    expect([rotating.kid, rotating.previousKid]).toEqual(['fp-b', 'fp-a']);
    expect(rotating.fingerprint(PAN)).not.toBe(old.fingerprint(PAN));
    expect(rotating.lookupFingerprints(PAN)).toEqual([
      rotating.fingerprint(PAN),
      old.fingerprint(PAN),
    ]);
    expect(new FingerprintKey(`fp-b:${key(2)}`).lookupFingerprints(PAN)).toEqual([
      rotating.fingerprint(PAN),
    ]);
  });
});
