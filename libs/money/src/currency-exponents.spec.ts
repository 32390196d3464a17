import { CURRENCY_EXPONENTS, currencyExponent, isCurrencyCode } from './currency-exponents';

const ZERO = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' ');
const THREE = 'BHD IQD JOD KWD LYD OMR TND'.split(' ');

describe('currencyExponent', () => {
  it.each(ZERO)('%s has no minor unit', (code) => expect(currencyExponent(code)).toBe(0));
  it.each(THREE)('%s has three decimals', (code) => expect(currencyExponent(code)).toBe(3));
  it.each('EUR USD GBP CHF PLN SEK CZK HUF CAD AUD CNY INR BRL'.split(' '))(
    '%s has two decimals',
    (code) => expect(currencyExponent(code)).toBe(2),
  );

  it('knows the four-decimal unit of account codes', () => {
    expect(currencyExponent('CLF')).toBe(4);
    expect(currencyExponent('UYW')).toBe(4);
  });

  it('gives undefined for unknown, lowercase or withdrawn codes and metals', () => {
    for (const code of ['XXX', 'eur', 'EURO', '', 'DEM', 'HRK', 'XAU', 'XDR', 'toString']) {
      expect(currencyExponent(code)).toBeUndefined();
    }
  });

  it('lists only three-letter uppercase codes with exponents 0 to 4', () => {
    for (const [code, exponent] of Object.entries(CURRENCY_EXPONENTS)) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3, 4]).toContain(exponent);
    }
  });
});

describe('isCurrencyCode', () => {
  it('accepts listed codes only', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('constructor')).toBe(false);
    expect(isCurrencyCode(978)).toBe(false);
    expect(isCurrencyCode(undefined)).toBe(false);
  });
});
