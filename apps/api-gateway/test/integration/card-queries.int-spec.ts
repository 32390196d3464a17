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

    it('GET /v1/transactions/:id, signed with or without the path id', async () => {
      const withoutId = merchant.sign({});
      const withId = { ...merchant.sign({ id: String(paid.id) }), id: undefined };
      for (const params of [withoutId, withId]) {
        const response = await merchant.get(`/v1/transactions/${paid.id}`, params, false);
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
      expectError(await merchant.get('/v1/transactions/999999999', {}), 40403);
    });

    it('GET /v1/transactions filters and pages', async () => {
      const orderId = nextOrder();
      for (const price of ['1.00', '2.00', '3.00']) {
        await charge({ card_token: await tokenFor('4242424242424242'), order_id: orderId, price });
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
        status: 'completed',
        type: 'payment',
        created: { from: today, to: today },
        updated: { from: `${today}T00:00:00Z` },
      });
      expect(filtered.data.transactions).toHaveLength(3);
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
