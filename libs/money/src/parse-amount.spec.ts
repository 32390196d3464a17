import { MoneyError } from './money-error';
import { parseAmount } from './parse-amount';

describe('parseAmount', () => {
  it.each([
    ['10', 'EUR', 1000n],
    ['10.5', 'EUR', 1050n],
    ['10.50', 'EUR', 1050n],
    ['0.01', 'EUR', 1n],
    ['0', 'EUR', 0n],
    ['0.00', 'EUR', 0n],
    ['007.10', 'EUR', 710n],
    ['10.500', 'EUR', 1050n],
    ['1000', 'JPY', 1000n],
    ['1000.00', 'JPY', 1000n],
    ['0.001', 'BHD', 1n],
    ['12.345', 'BHD', 12345n],
    ['12.3', 'BHD', 12300n],
    ['1.2345', 'CLF', 12345n],
    ['92233720368547758.07', 'EUR', 9223372036854775807n],
  ])('reads %s %s as %s minor units', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toBe(minor);
  });

  it.each([
    [10, 'EUR', 1000n],
    [10.5, 'EUR', 1050n],
    [0.1, 'EUR', 10n],
    [19.99, 'EUR', 1999n],
    [1.005, 'BHD', 1005n],
    [1000, 'JPY', 1000n],
    [0, 'EUR', 0n],
    [123456789012.34, 'EUR', 12345678901234n],
  ])('reads the JSON number %s %s exactly as %s', (value, currency, minor) => {
    expect(parseAmount(value, currency)).toBe(minor);
  });

  it.each([
    ['10.505', 'EUR', /more than 2 decimals allowed for EUR/],
    ['10.5', 'JPY', /more than 0 decimals allowed for JPY/],
    ['0.0001', 'BHD', /more than 3 decimals allowed for BHD/],
    ['', 'EUR', /empty/],
    [' 1', 'EUR', /whitespace/],
    ['1 ', 'EUR', /whitespace/],
    ['-1', 'EUR', /negative/],
    ['-0.50', 'EUR', /negative/],
    ['1e3', 'EUR', /exponent notation/],
    ['1.5E-2', 'EUR', /exponent notation/],
    ['abc', 'EUR', /not a decimal number/],
    ['1,50', 'EUR', /not a decimal number/],
    ['+1', 'EUR', /not a decimal number/],
    ['.5', 'EUR', /not a decimal number/],
    ['5.', 'EUR', /not a decimal number/],
    ['1.2.3', 'EUR', /not a decimal number/],
    ['0x10', 'EUR', /not a decimal number/],
    ['١٢', 'EUR', /not a decimal number/],
    ['Infinity', 'EUR', /not a decimal number/],
    ['92233720368547758.08', 'EUR', /too large/],
    ['1'.repeat(41), 'EUR', /too long/],
    ['10', 'XXX', /unknown currency "XXX"/],
    ['10', 'eur', /unknown currency/],
  ])('refuses %j %s', (text, currency, reason) => {
    expect(() => parseAmount(text, currency)).toThrow(MoneyError);
    expect(() => parseAmount(text, currency)).toThrow(reason);
  });

  it.each([
    [-1, /negative/],
    [Number.NaN, /not a finite number/],
    [Number.POSITIVE_INFINITY, /not a finite number/],
    [1e21, /exponent notation/],
    [1e-7, /exponent notation/],
    [10.505, /more than 2 decimals/],
    [2 ** 53 + 2, /too many digits/],
    [0.1 + 0.2, /too many digits/],
  ])('refuses the JSON number %s', (value, reason) => {
    expect(() => parseAmount(value, 'EUR')).toThrow(reason);
  });
});

describe('parseAmount: too precise', () => {
  const errorOf = (text: string, currency: string): MoneyError => {
    try {
      parseAmount(text, currency);
    } catch (error) {
      if (error instanceof MoneyError) return error;
    }
    throw new Error('expected a MoneyError');
  };

  it('marks a non-zero digit beyond the currency decimals, whatever else is wrong', () => {
    expect(errorOf('10.001', 'EUR').tooPrecise).toBe(true);
    expect(errorOf('5.5', 'JPY').tooPrecise).toBe(true);
    expect(errorOf(`${'1'.repeat(40)}.001`, 'EUR')).toMatchObject({
      tooPrecise: true,
      message: 'amount is too long',
    });
  });

  it('leaves any other malformed amount unmarked', () => {
    for (const text of ['1e3', '-1', 'ten', '10,5', '1'.repeat(41)]) {
      expect(errorOf(text, 'EUR').tooPrecise).toBe(false);
    }
  });
});
