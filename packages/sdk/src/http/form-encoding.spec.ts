import { formEncode } from './form-encoding';

describe('formEncode', () => {
  it('names nested fields as PHP does and renders leaves as they are signed', () => {
    const encoded = formEncode({
      project: 'pk',
      card: { number: '4242424242424242', expiration_month: 12 },
      created: { from: '2026-01-01' },
      items: ['a', 'b'],
      price: 0.1 + 0.2,
      '3ds': true,
      remember: false,
      holder: null,
      skipped: undefined,
      empty: {},
    });
    expect([...new URLSearchParams(encoded)]).toEqual([
      ['project', 'pk'],
      ['card[number]', '4242424242424242'],
      ['card[expiration_month]', '12'],
      ['created[from]', '2026-01-01'],
      ['items[0]', 'a'],
      ['items[1]', 'b'],
      ['price', '0.3'],
      ['3ds', '1'],
      ['remember', ''],
      ['holder', ''],
    ]);
  });

  it('percent-encodes what a form value cannot carry', () => {
    expect(formEncode({ a: 'x&y=z', 'b[c]': 'ü' })).toBe('a=x%26y%3Dz&b%5Bc%5D=%C3%BC');
  });
});
