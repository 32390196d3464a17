import { findMalformedText, isWellFormedText } from './well-formed-text';

describe('isWellFormedText', () => {
  it.each([
    ['plain', true],
    ['', true],
    ['emoji \u{1F600} is a pair', true],
    ['nul \u0000 inside', false],
    ['lone high \uD83D', false],
    ['lone high \uD83D then text', false],
    ['\uDE00 lone low', false],
    ['swapped \uDE00\uD83D', false],
  ])('%j -> %p', (text, wellFormed) => {
    expect(isWellFormedText(text)).toBe(wellFormed);
  });
});

describe('findMalformedText', () => {
  it('finds nothing in well-formed parameters', () => {
    expect(findMalformedText({ a: 'x', card: { number: '4242' }, n: '1', b: true, z: null })).toBe(
      undefined,
    );
  });

  it('names the top-level field holding the bad text, never the text', () => {
    expect(findMalformedText({ ok: 'x', card: { holder: 'A\u0000B' } })).toBe('card');
    expect(findMalformedText({ items: ['a', '\uD800'] })).toBe('items');
  });

  it('checks names too, without printing them', () => {
    expect(findMalformedText({ 'bad\u0000name': 'x' })).toBe('a field name');
    expect(findMalformedText({ 'not printable!': '\u0000' })).toBe('a field');
  });
});
