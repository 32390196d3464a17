import { signatureValues } from './signature-values';

describe('signatureValues', () => {
  it('collects every top-level value except signature', () => {
    expect(signatureValues({ project: 'pk', amount: '10.00', signature: 'abc' })).toEqual([
      'pk',
      '10.00',
    ]);
  });

  it('contributes each leaf of nested objects and arrays', () => {
    const params = {
      card: { number: '4111111111111111', cvv: '123', expire: { month: '12', year: '30' } },
      items: ['a', ['b', { c: 'd' }]],
    };
    expect(signatureValues(params)).toEqual(['4111111111111111', '123', '12', '30', 'a', 'b', 'd']);
  });

  it('keeps a nested field named signature, only the top-level one is excluded', () => {
    expect(signatureValues({ signature: 'top', meta: { signature: 'nested' } })).toEqual([
      'nested',
    ]);
  });

  it('renders JSON leaves as PHP does', () => {
    expect(
      signatureValues({
        s: 'text',
        i: 42,
        f: 10.5,
        zero: 0,
        yes: true,
        no: false,
        nothing: null,
        missing: undefined,
        empty: '',
      }),
    ).toEqual(['text', '42', '10.5', '0', '1', '', '', '', '']);
  });

  it('renders numbers as their shortest decimal text', () => {
    expect(signatureValues({ a: 10.0, b: 0.1, c: 1234567890123 })).toEqual([
      '10',
      '0.1',
      '1234567890123',
    ]);
  });

  it('lets empty containers contribute nothing', () => {
    expect(signatureValues({ a: {}, b: [], c: 'x' })).toEqual(['x']);
  });

  it('treats missing parameters as no values', () => {
    expect(signatureValues(undefined)).toEqual([]);
    expect(signatureValues(null)).toEqual([]);
    expect(signatureValues({})).toEqual([]);
  });

  it('treats a top-level array as a list of leaves', () => {
    expect(signatureValues(['b', 'a'])).toEqual(['b', 'a']);
  });

  it("renders a float as PHP's (string) cast, with the SDK's code (ADR 0003)", () => {
    expect(signatureValues({ price: 3.3000000000000003, big: 1e25, whole: 10.0 })).toEqual([
      '3.3',
      '1.0E+25',
      '10',
    ]);
  });
});
