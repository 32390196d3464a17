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

  it('masks every Luhn-valid 13-19 digit run in any string, whatever the key', () => {
    expect(
      redactPayload({
        account: '4000000000000002',
        note: 'paid with 4242 4242 4242 4242 for order 1234567890123',
        list: ['5555555555554444'],
        numeric: 4242424242424242,
        orderId: '1234567890123',
      }),
    ).toEqual({
      account: '400000******0002',
      note: 'paid with 424242******4242 for order 1234567890123',
      list: ['555555******4444'],
      numeric: '424242******4242',
      orderId: '1234567890123',
    });
  });

  it('drops sealed boxes and keeps an already masked echo as it is', () => {
    expect(redactPayload({ sealed_card: 's1.k.x', card: { number: '424242******4242' } })).toEqual({
      card: { number: '424242******4242' },
    });
  });

  it('never shows more than 6 + 4 digits', () => {
    expect(maskCardNumber('12345678901')).toBe('***********');
  });
});
