import { sealTaskCardData, sealTemplateCardData } from './seal-task-card-data';

// Readable stand-ins for the boxes: what was sealed, for which purpose.
const seal = {
  card: (secret: object, purpose: string) => `sealed(${purpose}:${JSON.stringify(secret)})`,
  fragment: (secret: string, mask: string) => `[card:${mask}:box(${secret})]`,
};
const withoutBoxes = (value: unknown) =>
  JSON.stringify(value)
    .replace(/sealed\([^)]*\)/g, '')
    .replace(/box\([^)]*\)/g, '');

describe('sealTaskCardData', () => {
  const card = {
    number: '4242424242424242',
    expiration_month: 12,
    expiration_year: 2031,
    security_code: '737',
  };

  it('seals card.payment cards and card-number payout accounts, however deep the tree', () => {
    const request = {
      header: { request: { id: 'r' } },
      payload: {
        tasks: [
          {
            type: 'wait',
            payload: { seconds: 0 },
            success: [
              { type: 'card.payment', payload: { price: '1.00', card } },
              { type: 'payout', payload: { account: '5555555555554444', type: 'credit_card' } },
            ],
          },
          { type: 'payout', payload: { account: 'DE89370400440532013000', type: 'sepa' } },
        ],
      },
    };
    const sealed = sealTaskCardData(request, seal);
    type Task = { payload: unknown; success: Task[] };
    const [first, sepa] = (sealed.payload as { tasks: Task[] }).tasks;
    expect(first.success[0].payload).toEqual({
      price: '1.00',
      card: { number: '424242******4242', expiration_month: 12, expiration_year: 2031 },
      sealed_card: `sealed(card:${JSON.stringify(card)})`,
    });
    expect(first.success[1].payload).toEqual({
      type: 'credit_card',
      account_mask: '555555******4444',
      sealed_account: 'sealed(payout-account:{"account":"5555555555554444"})',
    });
    expect(sepa.payload).toEqual({ account: 'DE89370400440532013000', type: 'sepa' });
    expect(withoutBoxes(sealed)).not.toMatch(/4242424242424242|5555555555554444|737/);
  });

  it('leaves the partner request itself unchanged', () => {
    const request = { payload: { tasks: [{ type: 'card.payment', payload: { card } }] } };
    const copy = JSON.parse(JSON.stringify(request)) as unknown;
    sealTaskCardData(request, seal);
    expect(request).toEqual(copy);
  });

  it('seals card data in partner parameters and free text where it stands, whatever the key', () => {
    const request = {
      header: { request: { id: 'r-1' } },
      payload: {
        partner: {
          identifier: 'p',
          parameters: { pan: '4242424242424242', cvc: '737', note: 'card 5555 5555 5555 4444' },
        },
        tasks: [
          {
            type: 'message.send',
            payload: { channel: 'email', to: 'a@b.c', text: 'paid with 4000000000000002' },
          },
          { type: 'wait', payload: { seconds: 0, ref: 4242424242424242, order: '1234567890123' } },
        ],
      },
    };
    const sealed = sealTaskCardData(request, seal) as typeof request;
    expect(sealed.payload.partner.parameters).toEqual({
      pan: '[card:424242******4242:box(4242424242424242)]',
      cvc: '[card:***:box(737)]',
      note: 'card [card:555555******4444:box(5555555555554444)]',
    });
    expect(sealed.payload.tasks[0].payload.text).toBe(
      'paid with [card:400000******0002:box(4000000000000002)]',
    );
    // A card number sent as a JSON number is sealed too; a number that fails Luhn is kept.
    expect(sealed.payload.tasks[1].payload).toEqual({
      seconds: 0,
      ref: '[card:424242******4242:box(4242424242424242)]',
      order: '1234567890123',
    });
    expect(sealed.header).toEqual({ request: { id: 'r-1' } });
    expect(withoutBoxes(sealed)).not.toMatch(/4242424242424242|5555 5555|4000000000000002|737/);
  });

  it('leaves a card written with placeholders for the orchestrator, its own card data sealed', () => {
    const templated = {
      number: '${parameters.pan}',
      expiration_month: 12,
      expiration_year: 2031,
      security_code: 737,
    };
    const request = {
      payload: {
        partner: { parameters: { pan: '4242424242424242' } },
        tasks: [{ type: 'card.payment', payload: { price: '1.00', card: templated } }],
      },
    };
    const sealed = sealTaskCardData(request, seal) as {
      payload: { tasks: Array<{ payload: Record<string, unknown> }> };
    };
    expect(sealed.payload.tasks[0].payload).toEqual({
      price: '1.00',
      card: { ...templated, security_code: '[card:***:box(737)]' },
    });
  });

  it("seals the partner's stored templates that go out with the request", () => {
    const templates = {
      refund: [
        { type: 'card.payment', payload: { card } },
        { type: 'payout', payload: { account: '${parameters.account}', note: '4242424242424242' } },
      ],
    };
    const sealed = sealTemplateCardData(templates, seal);
    expect(sealed.refund[0]).toEqual({
      type: 'card.payment',
      payload: {
        card: { number: '424242******4242', expiration_month: 12, expiration_year: 2031 },
        sealed_card: `sealed(card:${JSON.stringify(card)})`,
      },
    });
    expect(sealed.refund[1]).toEqual({
      type: 'payout',
      payload: {
        account: '${parameters.account}',
        note: '[card:424242******4242:box(4242424242424242)]',
      },
    });
  });
});
