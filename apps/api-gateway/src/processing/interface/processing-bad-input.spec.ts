import { processingBadInput } from './processing-bad-input';

function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

// L2 (ADR 0016 for the processing API).
describe('processingBadInput', () => {
  it('accepts a request within the limits', () => {
    expect(
      processingBadInput({ header: { request: { id: 'r-1' } }, payload: nested(30) }),
    ).toBeNull();
    expect(processingBadInput(nested(32))).toBeNull();
  });

  it('refuses more than 32 levels, also 3,000 deep, without overflowing the stack', () => {
    expect(processingBadInput(nested(33))).toMatch(/deeper than 32/);
    expect(processingBadInput(nested(3000))).toMatch(/deeper than 32/);
    expect(processingBadInput(nested(200_000))).toMatch(/deeper than 32/);
  });

  it('refuses more than 1,000 leaf values', () => {
    expect(processingBadInput({ list: Array.from({ length: 1000 }, () => 1) })).toBeNull();
    expect(processingBadInput({ list: Array.from({ length: 1001 }, () => 1) })).toMatch(/1000/);
  });

  it.each([
    ['a NUL in a value', { header: { request: { id: 'r\u0000' } } }],
    ['a lone surrogate in a value', { payload: { text: 'a\uD800b' } }],
    ['a NUL in a name', { payload: { 'x\u0000': 1 } }],
  ])('refuses %s without quoting it', (_, body) => {
    expect(processingBadInput(body)).toBe(
      'The request holds a NUL character or an unpaired surrogate',
    );
  });
});
