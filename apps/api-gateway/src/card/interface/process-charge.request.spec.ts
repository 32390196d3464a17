import { apiErrorCodeOf } from '../../../test/support/api-error-code';
import { readChargeRequest } from './process-charge.request';

const NOW = new Date('2026-05-15T12:00:00Z');
const base = {
  user: '42',
  card_token: 'tok_1',
  price: '10.00',
  currency: 'EUR',
  description: 'Order 1',
};
const card = {
  number: '4242424242424242',
  expiration_month: '12',
  expiration_year: '2030',
  security_code: '123',
};

const codeOf = (params: Record<string, unknown>) =>
  apiErrorCodeOf(() => readChargeRequest(7, params, NOW));

describe('readChargeRequest', () => {
  it('reads a token charge with defaults', () => {
    expect(readChargeRequest(7, base, NOW)).toEqual({
      user: { kind: 'id', userId: '42' },
      charge: {
        cardToken: 'tok_1',
        priceMinor: '1000',
        currency: 'EUR',
        description: 'Order 1',
        threeDs: false,
        remember: false,
        verifyCard: false,
        recurring: false,
        attributes: {},
      },
    });
  });

  it('reads every optional field, attr_* included', () => {
    const { card: read, charge } = readChargeRequest(
      7,
      {
        ...base,
        card_token: undefined,
        card: { ...card, holder: 'JANE DOE' },
        order_id: 'o-1',
        '3ds': '1',
        acs_return_url: 'https://shop.example/3ds',
        remember: 'true',
        verify_card: '0',
        recurring: '1',
        recurring_interval: '30',
        recurring_trial: '7',
        attr_color: 'red',
        attr_size: 42,
      },
      NOW,
    );
    // The card is read apart from the command: it leaves the gateway only sealed.
    expect(read).toEqual({
      number: card.number,
      expirationMonth: 12,
      expirationYear: 2030,
      securityCode: '123',
      holder: 'JANE DOE',
    });
    expect(charge).toEqual({
      priceMinor: '1000',
      currency: 'EUR',
      description: 'Order 1',
      orderId: 'o-1',
      threeDs: true,
      acsReturnUrl: 'https://shop.example/3ds',
      remember: true,
      verifyCard: false,
      recurring: true,
      recurringInterval: 30,
      recurringTrial: 7,
      attributes: { attr_color: 'red', attr_size: '42' },
    });
  });

  it('reads a User object to resolve, displayName or display_name', () => {
    const { user } = readChargeRequest(
      7,
      { ...base, user: { identifier: 'u-1', ip: '10.0.0.1', email: 'a@b.c', displayName: 'Al' } },
      NOW,
    );
    expect(user).toEqual({
      kind: 'object',
      resolve: expect.objectContaining({
        projectId: 7,
        identifier: 'u-1',
        ip: '10.0.0.1',
        email: 'a@b.c',
        displayName: 'Al',
      }),
    });
    expect(readChargeRequest(7, { ...base, user: { id: '9' } }, NOW).user).toEqual({
      kind: 'id',
      userId: '9',
    });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['no user', { ...base, user: undefined }, 40002],
    ['a User object without identifier', { ...base, user: { email: 'a@b.c' } }, 40002],
    ['a User object without ip', { ...base, user: { identifier: 'u' } }, 40011],
    ['a user id that cannot exist', { ...base, user: 'x'.repeat(40) }, 40406],
    ['neither card_token nor card', { ...base, card_token: undefined }, 40009],
    ['an empty card_token and no card', { ...base, card_token: '' }, 40008],
    ['an all-empty card', { ...base, card_token: undefined, card: { number: '' } }, 40009],
    ['card_token and card', { ...base, card }, 40017],
    ['a card without number', { ...base, card_token: undefined, card: { ...card, number: '' } }, 40003],
    ['a card failing Luhn', { ...base, card_token: undefined, card: { ...card, number: '4242424242424241' } }, 40004],
    ['a card without month', { ...base, card_token: undefined, card: { ...card, expiration_month: '' } }, 40012],
    ['a card without year', { ...base, card_token: undefined, card: { ...card, expiration_year: '' } }, 40013],
    ['an expired card', { ...base, card_token: undefined, card: { ...card, expiration_year: '2020' } }, 40005],
    ['a card without code', { ...base, card_token: undefined, card: { ...card, security_code: '' } }, 40006],
    ['a card with a bad code', { ...base, card_token: undefined, card: { ...card, security_code: '1' } }, 40007],
    ['a long holder', { ...base, card_token: undefined, card: { ...card, holder: 'x'.repeat(22) } }, 40015],
    ['a token too long to exist', { ...base, card_token: 't'.repeat(129) }, 40402],
    ['no price', { ...base, price: undefined }, 40017],
    ['no currency', { ...base, currency: undefined }, 40017],
    ['a bad price', { ...base, price: 'abc' }, 40017],
    ['too many decimals', { ...base, price: '1.001' }, 40018],
    ['no description', { ...base, description: ' ' }, 40017],
    ['an order_id of 65', { ...base, order_id: 'o'.repeat(65) }, 40017],
    ['recurring without interval', { ...base, recurring: '1' }, 40017],
    ['a bad interval', { ...base, recurring: '1', recurring_interval: '-1' }, 40017],
    ['a bad flag', { ...base, '3ds': 'yes' }, 40017],
    ['a bad acs_return_url', { ...base, acs_return_url: 'javascript:alert(1)' }, 40017],
    ['a nested attribute', { ...base, attr_x: { a: 'b' } }, 40017],
  ])('refuses %s with %i', (_what, params, code) => {
    expect(codeOf(params)).toBe(code);
  }); // prettier-ignore

  it('lets a verification charge have a zero price', () => {
    expect(codeOf({ ...base, verify_card: '1', price: '0' })).toBeUndefined();
    expect(codeOf({ ...base, price: '0' })).toBe(40017);
  });

  it('accepts an order_id of 64 characters', () => {
    expect(codeOf({ ...base, order_id: 'o'.repeat(64) })).toBeUndefined();
  });
});
