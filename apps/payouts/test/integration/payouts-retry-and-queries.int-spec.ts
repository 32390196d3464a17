import { Client } from 'pg';
import { eventually, queryStackDb, type MerchantClient } from '@opp/testing';
import { availableBalance, payoutSuite, sepaPayout } from './payouts-kit';

/** Short, so a payout held behind the balance lock answers 503 quickly (ADR 0060). */
const GATEWAY_REQUEST_TIMEOUT_MS = 4000;
/** Longer than the retry tests hold the lock, short enough to wait for in the deadline's test. */
const FLOW_DEADLINE_MS = 10_000;

/**
 * Retries and replays for payouts (ADR 0014, ADR 0011, ADR 0060): a payout retried after a 503 never pays out twice, and a
 * payout is a transaction of type `payout` to the three transaction queries.
 */
describe('payout retries and payouts in the transaction queries', () => {
  const suite = payoutSuite('payouts retry', {
    GATEWAY_REQUEST_TIMEOUT_MS: String(GATEWAY_REQUEST_TIMEOUT_MS),
    PAYOUTS_FLOW_DEADLINE_MS: String(FLOW_DEADLINE_MS),
  });

  const payoutIds = async (projectId: number) =>
    (await suite.payouts(projectId)).map((r) => Number(r.id));

  /**
   * Holds the merchant's balance row locked in payments, as a slow concurrent payout would: every
   * reservation of the project waits behind it until `release`.
   */
  async function lockBalance(projectId: number) {
    const db = new Client({ connectionString: suite.stack.databaseUrls.payments });
    await db.connect();
    await db.query('BEGIN');
    const locked = await db.query(
      `SELECT 1 FROM merchant_available_balances WHERE account = $1 AND currency = 'EUR' FOR UPDATE`,
      [`merchant:${projectId}:available`],
    );
    expect(locked.rowCount).toBe(1);
    return {
      waiters: async () =>
        (
          await db.query(
            `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          )
        ).rowCount,
      release: async () => {
        await db.query('COMMIT');
        await db.end();
      },
    };
  }

  /** The identical signed request, sent as often as asked: the merchant's retry (ADR 0014). */
  const resend = (merchant: MerchantClient, signed: Record<string, unknown>) =>
    merchant.postForm('/v1/payout', signed, false);

  describe('a payout retried after a 503 (D14, D19)', () => {
    for (const withOrderId of [false, true]) {
      it(`pays out once and answers the payout made${withOrderId ? ', with an orderId' : ''}`, async () => {
        const { merchant, projectId } = await suite.fundedMerchant('3.00');
        const signed = merchant.sign(
          sepaPayout(withOrderId ? { orderId: `retry-${projectId}` } : {}),
        );
        const lock = await lockBalance(projectId);
        let first;
        try {
          first = await resend(merchant, signed);
          // The reservation waited behind the lock past the gateway's wait: it is still in flight.
          expect(await lock.waiters()).toBeGreaterThanOrEqual(1);
          // A retry while it is in flight finds the same flow still undecided: 503 again.
          const whileHeld = await resend(merchant, signed);
          expect(whileHeld.status).toBe(503);
        } finally {
          await lock.release();
        }
        expect(first.status).toBe(503);
        expect(first.data.error.code).toBe(50301);
        await eventually(
          async () => (await payoutIds(projectId)).length === 1,
          'the first attempt reserved once the lock was released',
          30_000,
        );
        const [payoutId] = await payoutIds(projectId);

        const retry = await resend(merchant, signed);
        expect(retry.status).toBe(200);
        expect(retry.data).toEqual({ id: payoutId, success: true, status: 'processing' });
        const again = await resend(merchant, signed);
        expect(again.data).toEqual(retry.data);

        expect(await payoutIds(projectId)).toEqual([payoutId]);
        expect(await suite.flows(projectId)).toEqual([
          { state: 'accepted', payout_id: String(payoutId) },
        ]);
        const ledger = await suite.ledger(projectId);
        expect(ledger['payout-reservation']).toEqual({ count: 1, total: '100' });
        await eventually(
          async () => (await suite.ledger(projectId))['payout']?.count === 1,
          'the one payout settled',
          30_000,
        );
        expect(await availableBalance(merchant)).toBe('2.00');
      });
    }
  });

  describe("a payout's flow past its deadline (ADR 0060)", () => {
    const flowStates = async (projectId: number) =>
      (await suite.flows(projectId)).map((r) => r.state);

    it('cancels a reservation that comes after the deadline; the retry answers 503, nothing paid out', async () => {
      const { merchant, projectId } = await suite.fundedMerchant('3.00');
      const signed = merchant.sign(sepaPayout({ orderId: `late-${projectId}` }));
      const lock = await lockBalance(projectId);
      try {
        expect((await resend(merchant, signed)).status).toBe(503);
        await eventually(
          async () => (await flowStates(projectId)).join() === 'expired',
          'the flow expired while payments waited for the lock',
          FLOW_DEADLINE_MS + 30_000,
        );
      } finally {
        await lock.release();
      }
      await eventually(
        async () => (await flowStates(projectId)).join() === 'compensated',
        'the late reservation compensated',
        30_000,
      );
      await eventually(
        async () => (await suite.ledger(projectId))['payout-release']?.count === 1,
        'the reservation released in payments',
        30_000,
      );
      const [payout] = await queryStackDb<{ status: string }>(
        suite.stack,
        'payments',
        `SELECT status FROM payouts WHERE project_id = $1`,
        [projectId],
      );
      expect(payout.status).toBe('cancelled');
      const retry = await resend(merchant, signed);
      expect(retry.status).toBe(503);
      expect(retry.data.error.code).toBe(50301);
      const ledger = await suite.ledger(projectId);
      expect(ledger['payout-reservation']).toEqual({ count: 1, total: '100' });
      expect(ledger['payout']).toBeUndefined();
      expect(await availableBalance(merchant)).toBe('3.00');
      expect(await suite.reconcile(projectId)).toEqual([]);
    }, 120_000);
  });

  describe('payouts as transactions of type payout (D19)', () => {
    it('finds a payout by id and orderId in transaction/status, transactions/{id} and transactions', async () => {
      const { merchant, projectId } = await suite.fundedMerchant('5.00');
      const orderId = `payout-query-${projectId}`;
      const made = await merchant.postForm('/v1/payout', sepaPayout({ orderId, amount: '1.25' }));
      expect(made.status).toBe(200);
      const id = made.data.id as number;
      await eventually(
        async () =>
          (await merchant.get('/v1/transaction/status', { id: String(id) })).data.status ===
          'completed',
        'the payout completed',
        30_000,
      );

      const expectedStatus = {
        id,
        order_id: orderId,
        price: '1.25',
        fee: '0.0000',
        currency: 'EUR',
        type: 'payout',
        status: 'completed',
        original_status: 'completed',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      };
      for (const query of [{ id: String(id) }, { order_id: orderId }]) {
        const status = await merchant.get('/v1/transaction/status', query);
        expect(status.status).toBe(200);
        expect(status.data).toEqual(expectedStatus);
      }

      const expectedTransaction = {
        id,
        orderId,
        referenceId: null,
        price: '1.25',
        fee: '0.0000',
        currency: 'EUR',
        type: 'payout',
        method: 'sepa',
        status: 'completed',
        originalStatus: 'completed',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        reason: null,
        user: null,
        card: null,
      };
      // One signature, one operation (ADR 0059): these reads sign the same values as the status
      // queries above, so each carries a nonce of its own.
      const one = await merchant.get(`/v1/transactions/${id}`, { id: String(id), nonce: 'one' });
      expect(one.status).toBe(200);
      expect(one.data).toEqual(expectedTransaction);

      const listed = await merchant.get('/v1/transactions', {
        orderId,
        type: 'payout',
        nonce: 'listed',
      });
      expect(listed.status).toBe(200);
      expect(listed.data).toEqual({ totalCount: 1, transactions: [expectedTransaction] });
      const unfiltered = await merchant.get('/v1/transactions', { orderId, nonce: 'all' });
      expect(unfiltered.data.transactions).toEqual([expectedTransaction]);
      const otherType = await merchant.get('/v1/transactions', { orderId, type: 'payment' });
      expect(otherType.data.transactions).toEqual([]);
      const otherStatus = await merchant.get('/v1/transactions', { orderId, status: 'failed' });
      expect(otherStatus.data.transactions).toEqual([]);
    });

    it("keeps another project's payout a 404 40403", async () => {
      const { merchant } = await suite.fundedMerchant('1.00');
      const made = await merchant.postForm('/v1/payout', sepaPayout({ orderId: 'mine' }));
      expect(made.status).toBe(200);
      const { merchant: other } = await suite.fundedMerchant('1.00');
      const status = await other.get('/v1/transaction/status', { id: String(made.data.id) });
      expect(status.status).toBe(404);
      expect(status.data.error.code).toBe(40403);
    });
  });
});
