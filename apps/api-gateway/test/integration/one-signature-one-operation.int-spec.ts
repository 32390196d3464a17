import axios from 'axios';
import { Client } from 'pg';
import * as qs from 'qs';
import type { Stack } from '@opp/local-stack';
import {
  AdminClient,
  eventually,
  lockWaitersReach,
  MerchantClient,
  queryStackDb,
  startTestStack,
} from '@opp/testing';

/** Short, so that a payment row lock held by the test turns a reversal into a 503. */
const GATEWAY_TIMEOUT_MS = 3000;

/**
 * One signature, one operation, and the one idempotency model (ADR 0059): every accepted signature, GET included, is bound
 * to its method, path and parameters for 24 hours, so a leaked read opens no write; `nonce` and
 * `timestamp` are accepted on every call; and an attempt that ended with a 503 keeps its claim, so
 * its retry answers the real outcome under the same command key and the money moves once.
 */
describe('one signature, one operation, and retries after a 503', () => {
  let stack: Stack;
  let gateway: string;
  let merchant: MerchantClient;
  let user: string;
  let seq = 0;
  const nextOrder = () => `d19-${++seq}-${Date.now()}`;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'one signature one operation',
      services: ['api-gateway', 'users-recurring', 'payments'],
      extraEnv: { GATEWAY_REQUEST_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS) },
    });
    gateway = stack.gatewayUrl!;
    const created = await new AdminClient(gateway).createProject({});
    merchant = new MerchantClient(gateway, created);
    user = (await signedPost('/v1/user/resolve', { identifier: 'd19', ip: '10.0.0.9' })).data.id;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  interface Raw {
    status: number;
    headers: Record<string, unknown>;
    text: string;
    // Tests read bodies loosely on purpose.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    data: any;
  }
  const raw = (answer: { status: number; headers: object; data: Buffer }): Raw => {
    const text = answer.data.toString('utf8');
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: tests read the text.
    }
    return {
      status: answer.status,
      headers: answer.headers as Record<string, unknown>,
      text,
      data,
    };
  };
  const options = {
    responseType: 'arraybuffer' as const,
    validateStatus: () => true,
    timeout: 30_000,
  };
  /** Sends already signed parameters as a form POST. */
  const postSigned = async (path: string, signed: Record<string, unknown>) =>
    raw(
      await axios.post<Buffer>(`${gateway}${path}`, qs.stringify(signed), {
        ...options,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
  /** Sends already signed parameters as a GET query. */
  const getSigned = async (path: string, signed: Record<string, unknown>) =>
    raw(await axios.get<Buffer>(`${gateway}${path}?${qs.stringify(signed)}`, options));
  /**
   * Signs once and sends until an answer other than 503: under load the short gateway timeout may
   * answer 503, and the identical retry is exactly what ADR 0059 makes safe.
   */
  async function signedPost(path: string, params: Record<string, unknown>): Promise<Raw> {
    const signed = merchant.sign(params);
    let answer = await postSigned(path, signed);
    await eventually(async () => {
      if (answer.status !== 503) return true;
      answer = await postSigned(path, signed);
      return answer.status !== 503;
    }, `an answer to ${path}`);
    return answer;
  }

  const cardCharge = (orderId: string, extra: Record<string, unknown> = {}) => ({
    user,
    card: {
      number: '4242424242424242',
      expiration_month: '12',
      expiration_year: '2031',
      security_code: '123',
    },
    price: '10.00',
    currency: 'EUR',
    description: 'One-operation order',
    order_id: orderId,
    ...extra,
  });
  const paidOrder = async (extra: Record<string, unknown> = {}) => {
    const orderId = nextOrder();
    const paid = await signedPost('/v1/card/process', cardCharge(orderId, extra));
    expect(paid.data).toMatchObject({ status: 'completed', orderId });
    return { orderId, paymentId: paid.data.id as number };
  };
  const transactionsOf = (orderId: string) =>
    queryStackDb<{ id: string; type: string; status: string }>(
      stack,
      'payments',
      `SELECT id, type, status FROM transactions WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
  /** The signed parameters with `signature` taken from another, differently named request. */
  const withSignatureOf = (signedElsewhere: Record<string, unknown>, params: object) => ({
    project: signedElsewhere['project'],
    ...params,
    signature: signedElsewhere['signature'],
  });

  describe('a GET signature opens no other operation', () => {
    it('refuses a transactions-query signature replayed on transaction/reverse: 403 40301, no refund', async () => {
      const { orderId, paymentId } = await paidOrder();
      const query = merchant.sign({ orderId, page: '1', limit: '10' });
      const listed = await getSigned('/v1/transactions', query);
      expect(listed.status).toBe(200);
      expect(listed.data.transactions).toEqual([expect.objectContaining({ id: paymentId })]);

      // The same values under other names: the signature is valid for them (ADR 0003).
      const replayed = withSignatureOf(query, { order_id: orderId, amount: '10', comment: '1' });
      const answer = await postSigned('/v1/transaction/reverse', replayed);
      expect(answer.status).toBe(403);
      expect(answer.data.error.code).toBe(40301);

      expect(await transactionsOf(orderId)).toEqual([
        expect.objectContaining({ id: String(paymentId), type: 'payment', status: 'completed' }),
      ]);
      const status = await getSigned('/v1/transaction/status', merchant.sign({ id: paymentId }));
      expect(status.data).toMatchObject({ status: 'completed' });
    });

    it('refuses a transaction/status signature replayed on user/cancelRecurring: 403 40301, subscription intact', async () => {
      const { id: subscriber } = (
        await signedPost('/v1/user/resolve', { identifier: `sub-${nextOrder()}`, ip: '10.0.0.7' })
      ).data as { id: string };
      const subscribing = await signedPost(
        '/v1/card/process',
        cardCharge(nextOrder(), { user: subscriber, recurring: 1, recurring_interval: 0 }),
      );
      expect(subscribing.data).toMatchObject({ status: 'completed' });
      const subscription = () =>
        queryStackDb<{ status: string }>(
          stack,
          'users-recurring',
          'SELECT status FROM subscriptions WHERE user_id = $1',
          [subscriber],
        );
      await eventually(async () => (await subscription()).length === 1, 'the subscription');

      // A status query whose id happens to be the user's id (a transaction of that id may exist
      // or not: either way the signature is now bound to the query).
      const query = merchant.sign({ id: subscriber });
      expect([200, 404]).toContain((await getSigned('/v1/transaction/status', query)).status);
      const answer = await postSigned(
        '/v1/user/cancelRecurring',
        withSignatureOf(query, { user: subscriber }),
      );
      expect(answer.status).toBe(403);
      expect(answer.data.error.code).toBe(40301);
      expect(await subscription()).toEqual([{ status: 'active' }]);
    });

    it('answers an identical GET afresh each time, never a replay', async () => {
      const { paymentId } = await paidOrder();
      const query = merchant.sign({ id: paymentId });
      const first = await getSigned('/v1/transaction/status', query);
      expect([first.status, first.data.status]).toEqual([200, 'completed']);

      const reversed = await signedPost('/v1/transaction/reverse', {
        id: paymentId,
        amount: '10.00',
      });
      expect(reversed.status).toBe(200);

      const second = await getSigned('/v1/transaction/status', query);
      expect([second.status, second.data.status]).toEqual([200, 'refunded']);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
    });

    it('refuses one GET signature on another path with the same values, unless a nonce tells them apart', async () => {
      const { paymentId } = await paidOrder();
      // transaction/status?id=X and transactions/X?id=X sign the same values.
      const status = merchant.sign({ id: paymentId });
      expect((await getSigned('/v1/transaction/status', status)).status).toBe(200);
      const sameValues = await getSigned(`/v1/transactions/${paymentId}`, status);
      expect(sameValues.status).toBe(403);
      expect(sameValues.data.error.code).toBe(40301);

      const apart = merchant.sign({ id: paymentId, nonce: `n-${nextOrder()}` });
      const one = await getSigned(`/v1/transactions/${paymentId}`, apart);
      expect([one.status, one.data.id]).toEqual([200, paymentId]);
    });
  });

  describe('nonce and timestamp on every call', () => {
    it('accepts a nonce on every signed call and refuses one longer than 64 characters', async () => {
      const nonce = () => `nonce-${nextOrder()}`.padEnd(64, 'x');
      const resolved = await signedPost('/v1/user/resolve', {
        identifier: 'd19',
        ip: '10.0.0.9',
        nonce: nonce(),
      });
      expect(resolved.data).toEqual({ id: user });
      const orderId = nextOrder();
      const paid = await signedPost('/v1/card/process', cardCharge(orderId, { nonce: nonce() }));
      expect(paid.data).toMatchObject({ status: 'completed' });
      const reversed = await signedPost('/v1/transaction/reverse', {
        id: paid.data.id,
        amount: '1.00',
        nonce: nonce(),
      });
      expect(reversed.data).toMatchObject({ type: 'refund', price: '1.00' });
      for (const [path, params] of [
        ['/v1/transaction/status', { id: paid.data.id }],
        [`/v1/transactions/${paid.data.id}`, { id: paid.data.id }],
        ['/v1/transactions', { orderId }],
        ['/v1/balance', {}],
      ] as const) {
        const answer = await getSigned(path, merchant.sign({ ...params, nonce: nonce() }));
        expect([path, answer.status]).toEqual([path, 200]);
      }

      const tooLong = await getSigned('/v1/balance', merchant.sign({ nonce: 'x'.repeat(65) }));
      expect(tooLong.status).toBe(400);
      expect(tooLong.data.error.code).toBe(40017);
      expect(tooLong.data.error.message).toContain('nonce');
    });

    it('checks a timestamp whenever one is sent, on a project that does not require it', async () => {
      const now = Math.floor(Date.now() / 1000);
      const fresh = await getSigned('/v1/balance', merchant.sign({ timestamp: String(now) }));
      expect(fresh.status).toBe(200);
      const stale = await getSigned('/v1/balance', merchant.sign({ timestamp: String(now - 301) }));
      expect(stale.status).toBe(403);
      expect(stale.data.error.code).toBe(40303);
      const staleCharge = await postSigned(
        '/v1/card/process',
        merchant.sign(cardCharge(nextOrder(), { timestamp: String(now - 3600) })),
      );
      expect(staleCharge.status).toBe(403);
      expect(staleCharge.data.error.code).toBe(40303);
      const malformed = await getSigned('/v1/balance', merchant.sign({ timestamp: 'yesterday' }));
      expect(malformed.status).toBe(400);
      expect(malformed.data.error.code).toBe(40017);
    });
  });

  describe('a retry after a 503 (ADR 0059)', () => {
    it('keeps the claim bound, then answers the real outcome once: one refund', async () => {
      const { orderId, paymentId } = await paidOrder();
      const signed = merchant.sign({ id: paymentId, amount: '10', comment: '1' });
      const paymentsDb = new URL(stack.databaseUrls['payments']!).pathname.slice(1);
      const holder = new Client({ connectionString: stack.databaseUrls['payments'] });
      await holder.connect();
      let held = true;
      try {
        // The payment's row lock: the reversal waits on it past the gateway's timeout.
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM transactions WHERE id = $1 FOR UPDATE', [paymentId]);

        const first = await postSigned('/v1/transaction/reverse', signed);
        expect(first.status).toBe(503);
        await lockWaitersReach(
          (sql, params) => queryStackDb(stack, 'payments', sql, params),
          paymentsDb,
          1,
          'the first reversal waiting on the payment',
        );
        // The 503 forgot nothing: the signature stays bound to these parameters.
        const claims = await queryStackDb<{ answered: boolean }>(
          stack,
          'api-gateway',
          `SELECT status_code IS NOT NULL AS answered FROM signed_requests WHERE signature = $1`,
          [signed['signature']],
        );
        expect(claims).toEqual([{ answered: false }]);
        // The same signature with the values moved (1.00 refunded, comment "10") is refused.
        const moved = await postSigned('/v1/transaction/reverse', {
          ...signed,
          amount: '1',
          comment: '10',
        });
        expect(moved.status).toBe(403);
        expect(moved.data.error.code).toBe(40301);

        // The identical retry while the payment is still locked: no answer yet, no second refund.
        const whileHeld = await postSigned('/v1/transaction/reverse', signed);
        expect(whileHeld.status).toBe(503);
        expect(await transactionsOf(orderId)).toHaveLength(1);

        await holder.query('COMMIT');
        held = false;
      } finally {
        if (held) await holder.query('ROLLBACK');
        await holder.end();
      }

      let retry = await postSigned('/v1/transaction/reverse', signed);
      await eventually(async () => {
        if (retry.status !== 503) return true;
        retry = await postSigned('/v1/transaction/reverse', signed);
        return retry.status !== 503;
      }, 'the real outcome once the payment is unlocked');
      expect(retry.status).toBe(200);
      expect(retry.data).toMatchObject({ type: 'refund', price: '10.00', referenceId: paymentId });

      const refunds = (await transactionsOf(orderId)).filter((t) => t.type === 'refund');
      expect(refunds).toEqual([expect.objectContaining({ id: String(retry.data.id) })]);
      const payment = await getSigned('/v1/transaction/status', merchant.sign({ id: paymentId }));
      expect(payment.data).toMatchObject({ status: 'refunded' });
      const replay = await postSigned('/v1/transaction/reverse', signed);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.text).toBe(retry.text);
    });
  });
});
