import { readCurrency, readPrice } from './money-fields';
import { apiErrorCodeOf } from '../../../test/support/api-error-code';

describe('readPrice (D9)', () => {
  it.each<[Record<string, unknown>, string, bigint]>([
    [{ price: '10', currency: 'EUR' }, '10', 1000n],
    [{ price: '10.5', currency: 'EUR' }, '10.5', 1050n],
    [{ price: ' 10.50 ', currency: 'EUR' }, '10.50', 1050n],
    [{ price: 12.34, currency: 'USD' }, '12.34', 1234n],
    [{ price: '1500', currency: 'JPY' }, '1500', 1500n],
    [{ price: '1.234', currency: 'KWD' }, '1.234', 1234n],
    [{ price: '10.500', currency: 'EUR' }, '10.500', 1050n],
  ])('accepts %j', (params, price, minor) => {
    expect(readPrice(params)).toEqual({ price, currency: params.currency, minor });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['a missing price', { currency: 'EUR' }, 40017],
    ['an empty price', { price: '', currency: 'EUR' }, 40017],
    ['a missing currency', { price: '10' }, 40017],
    ['an unknown currency', { price: '10', currency: 'EURO' }, 40017],
    ['a lower-case currency', { price: '10', currency: 'eur' }, 40017],
    ['a negative price', { price: '-1', currency: 'EUR' }, 40017],
    ['exponent notation', { price: '1e3', currency: 'EUR' }, 40017],
    ['a comma', { price: '10,5', currency: 'EUR' }, 40017],
    ['text', { price: 'ten', currency: 'EUR' }, 40017],
    ['zero', { price: '0.00', currency: 'EUR' }, 40017],
    ['too many decimals for EUR', { price: '10.505', currency: 'EUR' }, 40018],
    ['decimals for JPY', { price: '10.5', currency: 'JPY' }, 40018],
    ['a nested price', { price: { a: '1' }, currency: 'EUR' }, 40017],
    ['a JSON true (ADR 0016: never 1.00)', { price: true, currency: 'EUR' }, 40017],
    ['a JSON false', { price: false, currency: 'EUR' }, 40017],
    ['a JSON array', { price: ['10'], currency: 'EUR' }, 40017],
  ])('refuses %s with %i', (_what, params, code) => {
    expect(apiErrorCodeOf(() => readPrice(params))).toBe(code);
  });

  it('accepts zero when allowed', () => {
    expect(readPrice({ price: '0', currency: 'EUR' }, true)).toEqual({
      price: '0',
      currency: 'EUR',
      minor: 0n,
    });
  });
});

describe('readCurrency', () => {
  it('is optional and checked when given', () => {
    expect(readCurrency({})).toBeUndefined();
    expect(readCurrency({ currency: 'GBP' })).toBe('GBP');
    expect(apiErrorCodeOf(() => readCurrency({ currency: 'XXX1' }))).toBe(40017);
  });
});
