import { maskCardNumber, redactPayload } from './redaction';

describe('redactPayload', () => {
  it('masks card numbers and drops security codes, however nested', () => {
    expect(
      redactPayload({
        price: 10,
        card: { number: '4242424242424242', security_code: '123', holder: 'A B' },
        nested: [{ cvv: '1', pan: '5555555555554444' }],
        number: '42',
      }),
    ).toEqual({
      price: 10,
      card: { number: '424242******4242', holder: 'A B' },
      nested: [{ pan: '555555******4444' }],
      number: '42',
    });
  });

  it('never shows more than 6 + 4 digits', () => {
    expect(maskCardNumber('12345678901')).toBe('***********');
  });
});
