import {
  findCardNumbers,
  isCardNumber,
  isSecurityCodeKey,
  maskCardNumber,
  maskCardNumbers,
  replaceCardNumbers,
} from './card-number-text';

describe('card numbers in text (ADR 0064)', () => {
  it('is a Luhn-valid run of 13-19 digits', () => {
    expect(isCardNumber('4242424242424242')).toBe(true);
    expect(isCardNumber('378282246310005')).toBe(true);
    expect(isCardNumber('4222222222222')).toBe(true);
    expect(isCardNumber('4000000000000000006')).toBe(true);
    expect(isCardNumber('424242424242')).toBe(false); // 12 digits
    expect(isCardNumber('40000000000000000006')).toBe(false); // 20 digits
    expect(isCardNumber('4242424242424241')).toBe(false);
    expect(isCardNumber('4242 4242 4242 4242')).toBe(false);
  });

  it('masks to the first six and last four digits', () => {
    expect(maskCardNumber('4111111111111111')).toBe('411111******1111');
  });

  it.each([
    ['4111111111111111'],
    ['4111 1111 1111 1111'],
    ['4111-1111-1111-1111'],
    ['4111.1111.1111.1111'],
    ['4111/1111/1111/1111'],
    ['4111_1111_1111_1111'],
    ['4111.1111-1111/1111'],
  ])('finds %s with any single separator between groups', (written) => {
    expect(maskCardNumbers(`pay ${written} now`)).toBe('pay 411111******1111 now');
  });

  it('does not join groups across two separators', () => {
    const text = '4111  1111  1111  1111';
    expect(findCardNumbers(text)).toEqual([]);
    expect(maskCardNumbers(text)).toBe(text);
  });

  it('finds a number next to other numbers, glued to letters and inside JSON', () => {
    expect(maskCardNumbers('qty 12 4111 1111 1111 1111 at 2024')).toBe(
      'qty 12 411111******1111 at 2024',
    );
    expect(maskCardNumbers('x4111111111111111y')).toBe('x411111******1111y');
    expect(maskCardNumbers('{"d":"5555-5555-5555-4444."}')).toBe('{"d":"555555******4444."}');
  });

  it('leaves Luhn-invalid, too short and too long runs alone', () => {
    for (const text of ['order 1234567890123456', 'short 12345', '41111111111111111111']) {
      expect(maskCardNumbers(text)).toBe(text);
    }
  });

  it('prefers the longest Luhn-valid window', () => {
    expect(maskCardNumbers('4000000000000000006')).toBe('400000******0006');
  });

  it('tells where each number stands', () => {
    expect(findCardNumbers('a 4111.1111.1111.1111 b 5555555555554444')).toEqual([
      { index: 2, length: 19, digits: '4111111111111111' },
      { index: 24, length: 16, digits: '5555555555554444' },
    ]);
    expect(replaceCardNumbers('x 4242424242424242', () => '#')).toBe('x #');
  });

  it('leaves the decimal stretches of hex identifiers alone, and finds a card beside one', () => {
    // The stretch before the letter is a Luhn-valid 17-digit run on its own.
    expect(isCardNumber('12345678901243453')).toBe(true);
    const uuid = '12345678-9012-4345-3a07-6d9a3b9a7018';
    expect(findCardNumbers(`"correlationId":"${uuid}"`)).toEqual([]);
    const traceparent = '00-41111111111111119999999999999abc-4111111111111111-01';
    expect(findCardNumbers(traceparent).map((match) => match.digits)).toEqual(['4111111111111111']);
    expect(maskCardNumbers(`id ${uuid} card 4242424242424242`)).toBe(
      `id ${uuid} card 424242******4242`,
    );
  });

  it('names security code keys, also as form names', () => {
    for (const key of [
      'security_code',
      'securityCode',
      'SECURITYCODE',
      'cvv',
      'cvv2',
      'cvc',
      'cvc2',
      'card[cvc]',
    ]) {
      expect(isSecurityCodeKey(key)).toBe(true);
    }
    expect(isSecurityCodeKey('code')).toBe(false);
  });
});
