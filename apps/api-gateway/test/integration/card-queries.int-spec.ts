import { expectError, openCardSession, type CardSession } from '../support/card-session';

/** The transaction queries and the balance, on charges made through the gateway. */
describe('card payment queries end to end', () => {
  let session: CardSession;
  let merchant: CardSession['merchant'];
  let userId: string;
  let tokenFor: CardSession['tokenFor'];
  let nextOrder: CardSession['nextOrder'];
  let charge: CardSession['charge'];

  beforeAll(async () => {
    session = await openCardSession('card queries');
    ({ merchant, userId, tokenFor, nextOrder, charge } = session);
  });

  afterAll(async () => {
    await session?.stack.stop();
  });

  describe('queries', () => {
    let paid: { id: number; orderId: string };

    beforeAll(async () => {
      const response = await charge({ card_token: await tokenFor('4242424242424242') });
      paid = response.data;
    });

    it('GET /v1/transaction/status by id and by order_id, snake_case', async () => {
      for (const query of [{ id: String(paid.id) }, { order_id: paid.orderId }]) {
        const response = await merchant.get('/v1/transaction/status', query);
        expect(response.status).toBe(200);
        expect(response.data).toEqual({
          id: paid.id,
          order_id: paid.orderId,
          price: '10.00',
          fee: expect.any(String),
          currency: 'EUR',
          type: 'payment',
          status: 'completed',
          original_status: 'completed',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        });
      }
      expectError(await merchant.get('/v1/transaction/status', { id: '999999999' }), 40403);
    });

    it('GET /v1/transactions/:id, the path id signed (ADR 0003), or refused 40301', async () => {
      const path = `/v1/transactions/${paid.id}`;
      // The path id signed but not repeated in the query, and (as SDKs do) repeated as `id`: one
      // operation. The nonce keeps the signature apart from the status query's above, which
      // signed the same values (ADR 0059 binds a signature to one operation).
      const withId = { ...merchant.sign({ id: String(paid.id), nonce: 'one' }), id: undefined };
      const sdkStyle = merchant.sign({ id: String(paid.id), nonce: 'one' });
      for (const params of [withId, sdkStyle]) {
        const response = await merchant.get(path, params, false);
        expect(response.status).toBe(200);
        expect(response.data).toEqual(
          expect.objectContaining({
            id: paid.id,
            orderId: paid.orderId,
            method: expect.any(String),
            originalStatus: 'completed',
            user: expect.objectContaining({ id: userId }),
            card: expect.objectContaining({ lastFour: '4242' }),
          }),
        );
      }
      // A signature without the id (e.g. one captured from GET /v1/balance) opens nothing.
      expectError(await merchant.get(path, merchant.sign({}), false), 40301);
      const otherId = merchant.sign({ id: String(paid.id + 1) });
      expectError(await merchant.get(path, otherId, false), 40301);
      // A nonce: the status query of this id above signed the same values (ADR 0059).
      expectError(
        await merchant.get('/v1/transactions/999999999', { id: '999999999', nonce: 'one' }),
        40403,
      );
    });

    it('GET /v1/transactions filters and pages', async () => {
      const orderId = nextOrder();
      // Two declined tries, then the payment (ADR 0014: one live payment per order id).
      for (const [price, number] of [
        ['1.00', '4000000000000002'],
        ['2.00', '4000000000009995'],
        ['3.00', '4242424242424242'],
      ]) {
        await charge({ card_token: await tokenFor(number), order_id: orderId, price });
      }
      const page1 = await merchant.get('/v1/transactions', { orderId, limit: '2' });
      const page2 = await merchant.get('/v1/transactions', { orderId, limit: '2', page: '2' });
      expect(page1.status).toBe(200);
      expect(page1.data.transactions).toHaveLength(2);
      expect(page2.data.transactions).toHaveLength(1);
      expect(typeof page1.data.totalCount).toBe('number');
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const none = await merchant.get('/v1/transactions', { orderId, created: { from: tomorrow } });
      expect(none.data.transactions).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      const filtered = await merchant.get('/v1/transactions', {
        orderId,
        status: 'failed',
        type: 'payment',
        created: { from: today, to: today },
        updated: { from: `${today}T00:00:00Z` },
      });
      expect(filtered.data.transactions).toHaveLength(2);
    });

    it('GET /v1/balance answers decimal strings', async () => {
      const response = await merchant.get('/v1/balance', { currency: 'EUR' });
      expect(response.status).toBe(200);
      expect(response.data).toEqual({
        amount: expect.stringMatching(/^-?\d+(\.\d+)?$/),
        rolling_reserve: expect.any(String),
        currency: 'EUR',
        base_amount: expect.any(String),
        base_rolling_reserve: expect.any(String),
      });
    });
  });
});
