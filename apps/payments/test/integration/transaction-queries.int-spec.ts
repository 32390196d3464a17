import {
  GetBalanceV1Request,
  GetTransactionV1Request,
  ListTransactionsV1Request,
  ProcessChargeV1Request,
  TRANSACTIONS_PAGE_DEFAULT,
} from '@opp/contracts';
import { sealedCardData, errorCodeOf, PaymentsHarness, valueOf } from './payments-harness';

/** One transaction, a filtered page of them, and the balance summed from the journal. */
describe('payments: transaction queries and balance', () => {
  let h: PaymentsHarness;
  let project: number;
  let other: number;
  const ids: number[] = [];

  beforeAll(async () => {
    h = await PaymentsHarness.start('payments queries', ['payments']);
    project = await h.createProject({ feePercent: '2', feeFixed: '0.10' });
    other = await h.createProject();
    // order-a: a declined charge, then the approved one (ADR 0014: one live payment per order id);
    // order-c: another approved EUR charge; order-b: one approved in USD.
    for (const [number, orderId, currency] of [
      ['4000000000000002', 'order-a', 'EUR'],
      ['4242424242424242', 'order-a', 'EUR'],
      ['5555555555554444', 'order-c', 'EUR'],
      ['4242424242424242', 'order-b', 'USD'],
    ]) {
      const charge = valueOf(
        await h.request(
          ProcessChargeV1Request,
          h.chargeCommand(project, {
            sealedCard: sealedCardData(project, number),
            orderId,
            currency,
            price: '20.00',
          }),
        ),
      );
      ids.push(charge.id);
    }
  });

  afterAll(async () => {
    await h?.stop();
  });

  it('gets a transaction by id with user and card, and the live one by order id', async () => {
    const byId = valueOf(
      await h.request(GetTransactionV1Request, { projectId: project, id: ids[1] }),
    );
    expect(byId).toMatchObject({
      id: ids[1],
      orderId: 'order-a',
      priceMinor: '2000',
      feeMinor: '50',
      method: 'card',
      type: 'payment',
      status: 'completed',
      originalStatus: 'completed',
      user: { id: '42' },
      card: { lastFour: '4242' },
    });
    const latest = valueOf(
      await h.request(GetTransactionV1Request, { projectId: project, orderId: 'order-a' }),
    );
    expect(latest.id).toBe(ids[1]);
  });

  it("hides another project's transaction (40403)", async () => {
    expect(
      errorCodeOf(await h.request(GetTransactionV1Request, { projectId: other, id: ids[1] })),
    ).toBe(40403);
    expect(
      errorCodeOf(await h.request(GetTransactionV1Request, { projectId: project, id: 999999 })),
    ).toBe(40403);
  });

  it('lists by order id with filters and pages; totalCount counts the page', async () => {
    const list = (fields: object) =>
      h.request(ListTransactionsV1Request, {
        projectId: project,
        orderId: 'order-a',
        page: 1,
        limit: TRANSACTIONS_PAGE_DEFAULT,
        ...fields,
      });
    const all = valueOf(await list({}));
    expect(all.transactions.map((t) => t.id)).toEqual(ids.slice(0, 2));
    expect(all.totalCount).toBe(2);
    const failed = valueOf(await list({ status: 'failed' }));
    expect(failed.transactions.map((t) => t.id)).toEqual([ids[0]]);
    const page2 = valueOf(await list({ page: 2, limit: 1 }));
    expect(page2).toMatchObject({ totalCount: 1, transactions: [{ id: ids[1] }] });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(valueOf(await list({ createdFrom: future })).totalCount).toBe(0);
    expect(valueOf(await list({ updatedTo: future, type: 'payment' })).totalCount).toBe(2);
  });

  it('derives the balance from the journal, per currency, in the base currency by default', async () => {
    // Two EUR payments of 20.00 with a fee of 0.50 each: 39.00 net. One USD payment: 19.50.
    expect(valueOf(await h.request(GetBalanceV1Request, { projectId: project }))).toEqual({
      amount: '39.00',
      rolling_reserve: '0.00',
      currency: 'EUR',
      base_amount: '39.00',
      base_rolling_reserve: '0.00',
    });
    expect(
      valueOf(await h.request(GetBalanceV1Request, { projectId: project, currency: 'USD' })),
    ).toEqual({
      amount: '19.50',
      rolling_reserve: '0.00',
      currency: 'USD',
      base_amount: '39.00',
      base_rolling_reserve: '0.00',
    });
    expect(valueOf(await h.request(GetBalanceV1Request, { projectId: other })).amount).toBe('0.00');
  });
});
