import { CryptoError } from './crypto-error';
import { OpeningKeyRing, SEALING_WINDOW, SealingKey, generateSealingKeyPair } from './sealed-box';
import { openCard, sealCard } from './sealed-card';

/** The module object itself (an `import * as` copy would not see the spy), to count key agreements. */
const nodeCrypto = jest.requireActual<typeof import('node:crypto')>('node:crypto');

const a = generateSealingKeyPair('a');
const b = generateSealingKeyPair('b');
const sealerA = SealingKey.parse(a.publicKey);
const ringA = new OpeningKeyRing(a.privateKey);

describe('sealed boxes', () => {
  it('round-trips text for the same context, and the box does not contain it', () => {
    const box = sealerA.seal('4242424242424242|737', 'card:v1:7');
    expect(box).toMatch(/^s1\.a\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\./);
    expect(box).not.toContain('4242');
    expect(ringA.open(box, 'card:v1:7')).toBe('4242424242424242|737');
  });

  it('opens a box sealed by an earlier build (the key derivation is unchanged)', () => {
    // A test key pair and a box of it, made before the raw public keys were read through JWK.
    const ring = new OpeningKeyRing(
      'k1:MC4CAQAwBQYDK2VuBCIEIFBdTCzQyLctkiWA8AejIQLy/D3xgAXo/CY1biJ/bDVv',
    );
    const box =
      's1.k1.GhOqYyYicyElaLt_CbeWWDDXKs7_bYmnGvRmVQx7BVk.sj8EPDqYgGEgd1tr.' +
      'yfbFJ6eswrrIkiHtzPiC_g.ZpgXgYsmyU5GQ2DlXZ5HbA';
    expect(ring.open(box, 'card:v1:7')).toBe('4242424242424242');
  });

  describe('a key agreement per window of boxes (ADR 0063)', () => {
    const ephemeralOf = (box: string) => box.split('.')[2];
    const ivOf = (box: string) => box.split('.')[3];
    let clock = 0;
    const windowed = () =>
      SealingKey.parse(a.publicKey, { maxBoxes: 3, maxAgeMs: 1000, now: () => clock });

    beforeEach(() => {
      clock = 0;
    });

    it('seals the boxes of one window with one ephemeral key, each with its own IV', () => {
      const sealer = windowed();
      const boxes = [sealer.seal('x', 'c'), sealer.seal('x', 'c'), sealer.seal('x', 'c')];
      expect(new Set(boxes.map(ephemeralOf)).size).toBe(1);
      expect(new Set(boxes.map(ivOf)).size).toBe(3);
      expect(new Set(boxes).size).toBe(3);
      for (const box of boxes) expect(ringA.open(box, 'c')).toBe('x');
    });

    it("takes a new ephemeral key after the window's boxes", () => {
      const sealer = windowed();
      const boxes = Array.from({ length: 7 }, () => sealer.seal('x', 'c')).map(ephemeralOf);
      expect(boxes.slice(0, 3).every((e) => e === boxes[0])).toBe(true);
      expect(boxes.slice(3, 6).every((e) => e === boxes[3])).toBe(true);
      expect(new Set([boxes[0], boxes[3], boxes[6]]).size).toBe(3);
    });

    it("takes a new ephemeral key once the window's time is over", () => {
      const sealer = windowed();
      const first = ephemeralOf(sealer.seal('x', 'c'));
      clock = 999;
      expect(ephemeralOf(sealer.seal('x', 'c'))).toBe(first);
      clock = 1000;
      expect(ephemeralOf(sealer.seal('x', 'c'))).not.toBe(first);
    });

    it('seals by default with a window of a second and a thousand boxes', () => {
      expect(SEALING_WINDOW).toEqual({ maxBoxes: 1000, maxAgeMs: 1000 });
      const sealer = SealingKey.parse(a.publicKey); // its window starts with its first box
      const [first, second] = [sealer.seal('x', 'c'), sealer.seal('x', 'c')];
      expect(ephemeralOf(first)).toBe(ephemeralOf(second));
    });

    /** The X25519 key agreements `run` makes. */
    function agreementsDuring(run: () => void): number {
      const agreements = jest.spyOn(nodeCrypto, 'diffieHellman');
      try {
        run();
        return agreements.mock.calls.length;
      } finally {
        agreements.mockRestore();
      }
    }

    it('makes one key agreement per window to seal, and one per window to open', () => {
      const sealer = windowed();
      let boxes: string[] = [];
      // Two per window to seal: the ephemeral public key (ADR 0063) and the shared secret.
      expect(
        agreementsDuring(() => (boxes = [0, 1, 2, 3, 4, 5].map(() => sealer.seal('x', 'c')))),
      ).toBe(4);
      const ring = new OpeningKeyRing(a.privateKey);
      expect(
        agreementsDuring(() => {
          for (const box of [...boxes, ...boxes]) expect(ring.open(box, 'c')).toBe('x');
        }),
      ).toBe(2);
    });

    it('keeps the derived keys of the latest 64 ephemeral keys, dropping the oldest', () => {
      const perBox = SealingKey.parse(a.publicKey, { maxBoxes: 1, maxAgeMs: 1000 });
      const boxes = Array.from({ length: 65 }, () => perBox.seal('x', 'c'));
      const ring = new OpeningKeyRing(a.privateKey);
      expect(agreementsDuring(() => boxes.forEach((box) => ring.open(box, 'c')))).toBe(65);
      expect(agreementsDuring(() => ring.open(boxes[64], 'c'))).toBe(0); // kept
      // The oldest, dropped when the 65th came.
      expect(agreementsDuring(() => ring.open(boxes[0], 'c'))).toBe(1);
    });

    it('keeps no derived key for a box that fails to open', () => {
      const box = windowed().seal('x', 'c');
      const ring = new OpeningKeyRing(a.privateKey);
      const refused = () => expect(() => ring.open(box, 'other')).toThrow(/failed authentication/);
      expect(agreementsDuring(() => [refused(), refused()])).toBe(2);
      expect(agreementsDuring(() => [ring.open(box, 'c'), ring.open(box, 'c')])).toBe(1);
    });
  });

  it('refuses a box opened for another context (project or purpose)', () => {
    const box = sealerA.seal('secret', 'card:v1:7');
    expect(() => ringA.open(box, 'card:v1:8')).toThrow(/failed authentication/);
    expect(() => ringA.open(box, 'payout-account:v1:7')).toThrow(CryptoError);
  });

  it('detects tampering with any part of the box', () => {
    const parts = sealerA.seal('amount=100', 'c').split('.');
    for (const index of [2, 3, 4, 5]) {
      const bytes = Buffer.from(parts[index], 'base64url');
      bytes[0] ^= 0x01;
      const tampered = [...parts];
      tampered[index] = bytes.toString('base64url');
      expect(() => ringA.open(tampered.join('.'), 'c')).toThrow(CryptoError);
    }
  });

  it('opens boxes sealed to an older key after a rotation; a removed key no longer opens', () => {
    const old = sealerA.seal('old', 'c');
    const rotated = new OpeningKeyRing(`${b.privateKey},${a.privateKey}`);
    expect(rotated.currentKid).toBe('b');
    expect(rotated.currentPublicKey()).toBe(b.publicKey);
    expect(rotated.open(old, 'c')).toBe('old');
    expect(() => new OpeningKeyRing(b.privateKey).open(old, 'c')).toThrow(/No private key/);
  });

  it('refuses a box relabelled with another kid holding a different key', () => {
    const ring = new OpeningKeyRing(`${a.privateKey},${b.privateKey}`);
    const relabelled = SealingKey.parse(b.publicKey)
      .seal('x', 'c')
      .replace(/^s1\.b\./, 's1.a.');
    expect(() => ring.open(relabelled, 'c')).toThrow(/failed authentication/);
  });

  it('accepts raw 32-byte keys as well as DER', () => {
    const rawPrivate = Buffer.from(a.privateKey.split(':')[1], 'base64').subarray(-32);
    const rawPublic = Buffer.from(a.publicKey.split(':')[1], 'base64').subarray(-32);
    const box = SealingKey.parse(`a:${rawPublic.toString('base64')}`).seal('raw', 'c');
    expect(new OpeningKeyRing(`a:${rawPrivate.toString('base64')}`).open(box, 'c')).toBe('raw');
  });

  it.each([
    ['an empty ring', '', /none given/],
    ['no colon', 'abc', /not of the form kid:base64key/],
    ['a bad kid', `a.b:${a.privateKey.split(':')[1]}`, /invalid kid/],
    ['not base64', 'a:***', /not base64/],
    ['not a key', `a:${Buffer.alloc(12).toString('base64')}`, /not an X25519 key/],
    ['a public key', a.publicKey, /not an X25519 key/],
    ['a duplicate kid', `${a.privateKey},${a.privateKey}`, /appears twice/],
  ])('refuses private keys with %s, without echoing key material', (_label, spec, message) => {
    expect(() => new OpeningKeyRing(spec)).toThrow(message);
    try {
      new OpeningKeyRing(spec);
    } catch (err) {
      expect((err as Error).message).not.toContain(a.privateKey.split(':')[1]);
    }
  });

  it('refuses a public key that is not an X25519 SPKI key', () => {
    expect(() => SealingKey.parse(a.privateKey)).toThrow(/not an X25519 key/);
    expect(() => SealingKey.parse('a')).toThrow(/kid:base64key/);
  });

  it.each([
    ['another version', 'k1.a.AA.AA.AA.AA'],
    ['too few parts', 's1.a.AA'],
    ['a short ephemeral key', 's1.a.AAAA.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AA'],
  ])('refuses a malformed box: %s', (_label, box) => {
    expect(() => ringA.open(box, 'c')).toThrow(CryptoError);
  });
});

describe('sealed cards', () => {
  const card = { number: '4242424242424242', securityCode: '737', expirationMonth: 12 };

  it('opens for the project it was sealed for only', () => {
    const box = sealCard(sealerA, 7, card);
    expect(openCard(ringA, 7, box)).toEqual(card);
    expect(() => openCard(ringA, 8, box)).toThrow(CryptoError);
  });

  it('opens for the purpose it was sealed for only', () => {
    const box = sealCard(sealerA, 7, { account: '4242424242424242' }, 'payout-account');
    expect(openCard(ringA, 7, box, 'payout-account')).toEqual({ account: '4242424242424242' });
    expect(() => openCard(ringA, 7, box)).toThrow(CryptoError);
  });
});
