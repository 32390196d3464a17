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

  it('shows card fragments sealed by the gateway as their masks, never their boxes', () => {
    const fragment = '[card:424242******4242:s1.k1.AAAA.BBBB.CCCC.DDDD]';
    expect(
      redactPayload({
        note: `paid with ${fragment} today`,
        card: { number: fragment, security_code: '[card:***:s1.k1.EEEE.FFFF.GGGG.HHHH]' },
      }),
    ).toEqual({ note: 'paid with 424242******4242 today', card: { number: '424242******4242' } });
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

  it('masks card numbers used as keys, in arrays of numbers, and as the whole payload', () => {
    expect(
      redactPayload({
        '4242424242424242': 'x',
        nested: { 'card 5555 5555 5555 4444': { ok: true } },
        amounts: [4242424242424242, 12],
      }),
    ).toEqual({
      '424242******4242': 'x',
      nested: { 'card 555555******4444': { ok: true } },
      amounts: ['424242******4242', 12],
    });
    expect(redactPayload(4242424242424242)).toBe('424242******4242');
    expect(redactPayload(['4000000000000002'])).toEqual(['400000******0002']);
  });

  it('masks a card number beyond 2^53 sent as a JSON number (already rounded by parsing)', () => {
    // Both are Luhn-valid and > 2^53: JSON.parse rounds them, so the Luhn check no longer tells.
    const parsed = JSON.parse(
      '{"account": 6221260000000000001, "other": 9111111111111110, "small": 1.5, "id": 42}',
    ) as object;
    expect(redactPayload(parsed)).toEqual({
      account: '622126*********0000',
      other: '911111******1110',
      small: 1.5,
      id: 42,
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
