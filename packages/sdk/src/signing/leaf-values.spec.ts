import { renderLeaf, signatureValues } from './leaf-values';

describe('renderLeaf', () => {
  it.each([
    ['text', 'text'],
    ['', ''],
    [42, '42'],
    [-7, '-7'],
    [10.0, '10'],
    [10.5, '10.5'],
    [3.3000000000000003, '3.3'],
    [0.1 + 0.2, '0.3'],
    [1e25, '1.0E+25'],
    [2 ** 63, '9.2233720368548E+18'],
    [12n, '12'],
    [true, '1'],
    [false, ''],
    [null, ''],
    [undefined, ''],
  ])('renders %p as %p', (value, text) => {
    expect(renderLeaf(value)).toBe(text);
  });

  it('renders an integer the way its JSON text reads, when that fits a 64-bit integer', () => {
    expect(renderLeaf(2 ** 62)).toBe(JSON.stringify(2 ** 62));
    // JSON carries 1e20 as 100000000000000000000, which PHP reads as a float: too big for an int.
    expect(renderLeaf(1e20)).toBe('1.0E+20');
  });
});

describe('signatureValues', () => {
  it('collects every leaf in document order, except the top-level signature', () => {
    const params = {
      project: 'pk',
      card: { number: '4242424242424242', expiration_month: 12, holder: null },
      user: { identifier: 'u1', blocked: false },
      list: [1, [true, { deep: 'x' }]],
      meta: { signature: 'nested is data' },
      signature: 'top',
    };
    expect(signatureValues(params)).toEqual([
      'pk',
      '4242424242424242',
      '12',
      '',
      'u1',
      '',
      '1',
      '1',
      'x',
      'nested is data',
    ]);
  });

  it('skips undefined (it is not sent) and empty containers', () => {
    expect(signatureValues({ a: undefined, b: {}, c: [], d: 'x', e: { f: undefined } })).toEqual([
      'x',
    ]);
  });
});
