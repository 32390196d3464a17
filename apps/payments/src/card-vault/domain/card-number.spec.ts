import { isCardNumber } from '@opp/card-bins';
import { expiryEnd, isExpired, issuerOf, schemeOf } from './card-number';

describe('card number', () => {
  it.each(['4242424242424242', '5555555555554444', '4000000000003220', '378282246310005'])(
    'accepts the Luhn-valid %s',
    (n) => expect(isCardNumber(n)).toBe(true),
  );

  it.each(['4242424242424241', '1234567812345678', '42424242', '4242-4242-4242-4242'])(
    'refuses %s',
    (n) => expect(isCardNumber(n)).toBe(false),
  );

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'jcb'],
    ['30569309025904', 'diners'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('detects the scheme of %s as %s', (n, scheme) => expect(schemeOf(n)).toBe(scheme));

  it('knows sandbox BINs and defaults the rest', () => {
    expect(issuerOf('4242424242424242')).toEqual({ bankName: 'Sandbox Visa Bank', country: 'US' });
    expect(issuerOf('6011111111111117')).toEqual({ bankName: 'Sandbox Bank', country: 'US' });
  });

  it('keeps a card valid through the end of its expiry month', () => {
    expect(expiryEnd(2, 2024).toISOString()).toBe('2024-02-29T23:59:59.999Z');
    expect(isExpired(2, 2024, new Date('2024-02-29T12:00:00Z'))).toBe(false);
    expect(isExpired(2, 2024, new Date('2024-03-01T00:00:00Z'))).toBe(true);
  });
});
