import { sealTaskCardData } from './seal-task-card-data';

const seal = (secret: object, purpose: string) => `sealed(${purpose}:${JSON.stringify(secret)})`;

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
    expect(JSON.stringify(sealed).replace(/sealed\([^)]*\)/g, '')).not.toMatch(
      /4242424242424242|5555555555554444|737/,
    );
  });

  it('leaves the partner request itself unchanged', () => {
    const request = { payload: { tasks: [{ type: 'card.payment', payload: { card } }] } };
    const copy = JSON.parse(JSON.stringify(request)) as unknown;
    sealTaskCardData(request, seal);
    expect(request).toEqual(copy);
  });
});
