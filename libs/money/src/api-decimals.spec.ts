import { formatFee, formatPrice } from './api-decimals';

describe('public price and fee decimals', () => {
  it('shows a price with at least two decimals, more when the currency has more', () => {
    expect(formatPrice(1050n, 'EUR')).toBe('10.50');
    expect(formatPrice(500n, 'JPY')).toBe('500.00');
    expect(formatPrice(1234n, 'KWD')).toBe('1.234');
  });

  it('shows a fee with four decimals', () => {
    expect(formatFee(30n, 'EUR')).toBe('0.3000');
    expect(formatFee(13n, 'JPY')).toBe('13.0000');
    expect(formatFee(1234n, 'KWD')).toBe('1.2340');
  });
});
