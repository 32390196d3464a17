import { formatAmount } from './format-amount';
import { MoneyError } from './money-error';
import { parseAmount } from './parse-amount';

describe('formatAmount', () => {
  it.each([
    [1234n, 'EUR', undefined, '12.34'],
    [1234n, 'EUR', 4, '12.3400'],
    [5n, 'EUR', undefined, '0.05'],
    [0n, 'EUR', undefined, '0.00'],
    [100n, 'EUR', undefined, '1.00'],
    [-1234n, 'EUR', undefined, '-12.34'],
    [-5n, 'EUR', undefined, '-0.05'],
    [1000n, 'JPY', undefined, '1000'],
    [1000n, 'JPY', 4, '1000.0000'],
    [1n, 'BHD', undefined, '0.001'],
    [12345n, 'BHD', 4, '12.3450'],
    [9223372036854775807n, 'EUR', undefined, '92233720368547758.07'],
  ])('formats %s %s with %s decimals as %s', (minor, currency, decimals, text) => {
    expect(formatAmount(minor, currency, decimals)).toBe(text);
  });

  it('round-trips with parseAmount', () => {
    for (const [text, currency] of [
      ['12.34', 'EUR'],
      ['0.001', 'BHD'],
      ['500', 'JPY'],
    ]) {
      expect(formatAmount(parseAmount(text, currency), currency)).toBe(text);
    }
  });

  it.each([
    [1234n, 'EUR', 1, /with 1 decimals; it has 2/],
    [1234n, 'EUR', 2.5, /with 2.5 decimals/],
    [1234n, 'XXX', undefined, /unknown currency/],
  ])('refuses %s %s with %s decimals', (minor, currency, decimals, reason) => {
    expect(() => formatAmount(minor, currency, decimals)).toThrow(MoneyError);
    expect(() => formatAmount(minor, currency, decimals)).toThrow(reason);
  });
});
