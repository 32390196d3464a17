import { ApiError } from '@opp/errors';
import { assertLeafCount, MAX_JSON_DEPTH, MAX_JSON_LEAVES, quoteNumbers } from './merchant-json';

const parsed = (text: string): unknown => JSON.parse(quoteNumbers(text));

describe('quoteNumbers (ADR 0003 rendering of JSON numbers)', () => {
  it('turns each number literal into the text PHP renders for it', () => {
    expect(parsed('{"price":3.3000000000000003,"n":10.0,"i":42,"neg":-1.5,"e":1e2}')).toEqual({
      price: '3.3',
      n: '10',
      i: '42',
      neg: '-1.5',
      e: '100',
    });
  });

  it('keeps integer literals exact where a double would round them', () => {
    expect(parsed('[9007199254740993, 9223372036854775807]')).toEqual([
      '9007199254740993',
      '9223372036854775807',
    ]);
  });

  it('leaves digits inside strings, escapes included, and other values alone', () => {
    const text = '{"a":"1.50","b":"say \\"2.0\\" 3","c":true,"d":null,"e":[false]}';
    expect(parsed(text)).toEqual(JSON.parse(text));
    expect(quoteNumbers(text)).toBe(text);
  });

  it('refuses a malformed number instead of repairing it', () => {
    for (const text of ['{"a":01}', '{"a":1.}', '{"a":-}', '{"a":1e}']) {
      expect(() => quoteNumbers(text)).toThrow(ApiError);
    }
  });

  it(`refuses nesting past ${MAX_JSON_DEPTH} levels before parsing`, () => {
    const ok = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(() => quoteNumbers(ok)).not.toThrow();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(() => quoteNumbers(deep)).toThrow(/deeper than 32/);
    // Brackets inside strings are text, not nesting.
    expect(() => quoteNumbers(JSON.stringify({ a: '['.repeat(100) }))).not.toThrow();
  });
});

describe('assertLeafCount', () => {
  it(`allows ${MAX_JSON_LEAVES} leaf values and refuses one more`, () => {
    expect(() => assertLeafCount({ a: Array(MAX_JSON_LEAVES).fill('x') })).not.toThrow();
    expect(() => assertLeafCount({ a: Array(MAX_JSON_LEAVES).fill('x'), b: 1 })).toThrow(
      /more than 1000 values/,
    );
  });
});
