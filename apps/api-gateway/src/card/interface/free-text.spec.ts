import { toResolveUserCommand } from '../../user/interface/resolve-user.request';
import { readPayoutParameters } from '../../payout/interface/payout-fields';
import { readRecurringCharge } from '../../recurring/interface/recurring.request';
import { readChargeRequest } from './process-charge.request';

// M2 and L1 (ADR 0064): a card number in /v1 free text is masked as it is read, whatever single
// separator groups its digits; identifiers (order_id, user identifier) are kept as sent.
const NOW = new Date('2026-05-15T12:00:00Z');
const WRITTEN = [
  '4111111111111111',
  '4111 1111 1111 1111',
  '4111-1111-1111-1111',
  '4111.1111.1111.1111',
  '4111/1111/1111/1111',
  '4111_1111_1111_1111',
];
const MASKED = '411111******1111';

describe('free text of /v1 requests (ADR 0064)', () => {
  it.each(WRITTEN)('masks %s in a charge description, attributes, holder and user', (pan) => {
    const { card, charge, user } = readChargeRequest(
      7,
      {
        user: {
          identifier: 'u-1',
          ip: '10.0.0.1',
          display_name: `Jo ${pan}`,
          email: `${pan}@x.io`,
        },
        card: {
          number: '4242424242424242',
          expiration_month: '12',
          expiration_year: '2030',
          security_code: '123',
          holder: pan,
        },
        price: '10.00',
        currency: 'EUR',
        order_id: 'ord-1',
        description: `pay ${pan} now`,
        attr_note: `card ${pan}`,
      },
      NOW,
    );
    expect(charge.description).toBe(`pay ${MASKED} now`);
    expect(charge.attributes).toEqual({ attr_note: `card ${MASKED}` });
    expect(charge.orderId).toBe('ord-1');
    expect(card?.holder).toBe(MASKED);
    expect(user).toMatchObject({
      kind: 'object',
      resolve: { displayName: `Jo ${MASKED}`, email: `${MASKED}@x.io` },
    });
  });

  it('masks the user name and e-mail of user/resolve, keeping the identifier', () => {
    const command = toResolveUserCommand(1, {
      identifier: 'u-4111111111111111',
      ip: '10.0.0.1',
      display_name: '4111.1111.1111.1111',
      email: '4111111111111111@x.io',
    });
    expect(command).toMatchObject({
      identifier: 'u-4111111111111111',
      displayName: MASKED,
      email: `${MASKED}@x.io`,
    });
  });

  it('masks payout parameters such as the description', () => {
    expect(readPayoutParameters({ description: 'to 4111/1111/1111/1111', fullName: 'Jo' })).toEqual(
      {
        description: `to ${MASKED}`,
        fullName: 'Jo',
      },
    );
  });

  it('masks a recurring charge description and attributes', () => {
    const read = readRecurringCharge({
      price: '1.00',
      currency: 'EUR',
      description: 'x 4111_1111_1111_1111',
      attr_a: '4111 1111 1111 1111',
    });
    expect(read).toMatchObject({ description: `x ${MASKED}`, attributes: { attr_a: MASKED } });
  });
});
