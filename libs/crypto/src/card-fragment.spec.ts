import {
  hasCardFragment,
  maskCardFragments,
  openCardFragments,
  sealCardFragment,
  wholeCardFragment,
} from './card-fragment';
import { CryptoError } from './crypto-error';
import { OpeningKeyRing, SealingKey, generateSealingKeyPair } from './sealed-box';
import { sealCard } from './sealed-card';

const pair = generateSealingKeyPair('k1');
const sealer = SealingKey.parse(pair.publicKey);
const ring = new OpeningKeyRing(pair.privateKey);

describe('card fragments', () => {
  const fragment = sealCardFragment(sealer, 7, '4242424242424242', '424242******4242');

  it('hides the secret, shows its mask and opens for its project only', () => {
    expect(fragment).toMatch(/^\[card:424242\*{6}4242:s1\.k1\./);
    expect(fragment).not.toContain('4242424242424242');
    const text = `pay ${fragment} now`;
    expect(maskCardFragments(text)).toBe('pay 424242******4242 now');
    expect(openCardFragments(ring, 7, text)).toBe('pay 4242424242424242 now');
    expect(() => openCardFragments(ring, 8, text)).toThrow(CryptoError);
  });

  it('opens a fragment only as a fragment, not a sealed card of the same project', () => {
    const card = sealCard(sealer, 7, { text: '4242424242424242' }, 'card');
    expect(() => openCardFragments(ring, 7, `[card:***:${card}]`)).toThrow(CryptoError);
  });

  it('tells a whole fragment from text around one', () => {
    expect(wholeCardFragment(fragment)).toEqual({
      mask: '424242******4242',
      box: fragment.slice('[card:424242******4242:'.length, -1),
    });
    expect(wholeCardFragment(`x${fragment}`)).toBeNull();
    expect(hasCardFragment(`x${fragment}`)).toBe(true);
    expect(hasCardFragment('[card:1234] plain')).toBe(false);
  });

  it('leaves text without fragments as it is', () => {
    expect(maskCardFragments('order 42')).toBe('order 42');
    expect(openCardFragments(ring, 7, 'order 42')).toBe('order 42');
  });
});
