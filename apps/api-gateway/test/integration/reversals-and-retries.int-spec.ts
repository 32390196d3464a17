import axios from 'axios';
import * as qs from 'qs';
import type { Stack } from '@opp/local-stack';
import {
  AdminClient,
  CaptureServer,
  eventually,
  formFields,
  MerchantClient,
  queryStackDb,
  startTestStack,
} from '@opp/testing';
import { expectError } from '../support/card-session';

/**
 * POST /v1/transaction/reverse end to end (gateway -> payments -> notifier), and money safety
 * under retries (ADR 0014): one live payment per order id, byte-identical replays, and a retry
 * after a 503 that answers the real outcome instead of charging again.
 */
describe('reversals and retries, end to end', () => {
  let stack: Stack;
  let gateway: string;
  let merchant: MerchantClient;
  let endpoint: CaptureServer;
  let user: string;
  let seq = 0;
  const nextOrder = () => `rr-${++seq}-${Date.now()}`;

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'reversals and retries',
      services: ['api-gateway', 'users-recurring', 'payments', 'notifier'],
    });
    gateway = stack.gatewayUrl!;
    const created = await new AdminClient(gateway).createProject({
      callbackUrl: endpoint.url('/callbacks'),
      settings: { feePercent: '2.5', feeFixed: '0.30' },
    });
    merchant = new MerchantClient(gateway, created);
    user = (await merchant.postForm('/v1/user/resolve', { identifier: 'rr', ip: '10.0.0.3' })).data
      .id;
  });

  afterAll(async () => {
    await stack?.stop();
    await endpoint?.stop();
  });

  const chargeParams = (orderId: string, number = '4242424242424242') => ({
    user,
    card: { number, expiration_month: '12', expiration_year: '2031', security_code: '123' },
    price: '10.00',
    currency: 'EUR',
    description: 'Reversible order',
    order_id: orderId,
  });
  const charge = (orderId: string, number?: string) =>
    merchant.postForm('/v1/card/process', chargeParams(orderId, number));
  const reverse = (params: Record<string, unknown>) =>
    merchant.postForm('/v1/transaction/reverse', params);
  /** Sends signed parameters as a form and keeps the raw bytes of the answer. */
  const sendRaw = (path: string, signed: Record<string, unknown>) =>
    axios.post<Buffer>(`${gateway}${path}`, qs.stringify(signed), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      responseType: 'arraybuffer',
      validateStatus: () => true,
      timeout: 30_000,
    });
  const transactionsOf = (orderId: string) =>
    queryStackDb<{ id: string; type: string; status: string }>(
      stack,
      'payments',
      `SELECT id, type, status FROM transactions WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );

  describe('POST /v1/transaction/reverse', () => {
    it('reverses a payment in full: the reversal, refunded status, a refund_completed callback', async () => {
      const orderId = nextOrder();
      const paid = (await charge(orderId)).data;
      expect(paid.status).toBe('completed');
      const answer = await reverse({ id: paid.id, amount: '10.00', comment: 'customer returned' });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.data)).toEqual([
        'success',
        'id',
        'orderId',
        'referenceId',
        'price',
        'currency',
        'type',
        'status',
        'fee',
        'card',
        'user',
        'createdAt',
        'updatedAt',
      ]);
      expect(answer.data).toMatchObject({
        success: true,
        orderId,
        referenceId: paid.id,
        price: '10.00',
        currency: 'EUR',
        type: 'refund',
        status: 'completed',
        fee: '0.5500',
      });

      const status = await merchant.get('/v1/transaction/status', { id: paid.id });
      expect(status.data).toMatchObject({ status: 'refunded', original_status: 'completed' });
      // By order id, the payment (the live one) answers, not its reversal.
      const byOrder = await merchant.get('/v1/transaction/status', { order_id: orderId });
      expect(byOrder.data).toMatchObject({ id: paid.id, type: 'payment', status: 'refunded' });

      let callback: Record<string, string> | undefined;
      await eventually(() => {
        callback = endpoint
          .requests('/callbacks')
          .map((r) => formFields(r.body))
          .find((f) => f.status === 'refund_completed' && f.order_id === orderId);
        return callback !== undefined;
      }, 'the refund_completed callback');
      expect(callback).toMatchObject({
        id: String(answer.data.id),
        reference_id: String(paid.id),
        price: '10.0000',
        reason: 'customer returned',
      });
      expect(merchant.sdk.verifyCallback(callback!)).toBe(true);

      expectError(await reverse({ id: paid.id, amount: '0.01' }), 40504);
    });

    it('adds partial reversals up to the payment by order_id, never beyond (405 40504)', async () => {
      const orderId = nextOrder();
      const paid = (await charge(orderId)).data;
      const first = await reverse({ order_id: orderId, amount: '2.50' });
      expect(first.data).toMatchObject({ referenceId: paid.id, price: '2.50' });
      expect((await merchant.get('/v1/transaction/status', { id: paid.id })).data).toMatchObject({
        status: 'refunded',
        original_status: 'completed',
      });
      expectError(await reverse({ order_id: orderId, amount: '7.51' }), 40504);
      expect((await reverse({ order_id: orderId, amount: '7.50' })).status).toBe(200);
      expectError(await reverse({ order_id: orderId, amount: '1' }), 40504);
    });

    it('never reverses more than the payment under 20 concurrent requests', async () => {
      const orderId = nextOrder();
      const paid = (await charge(orderId)).data;
      // Distinct comments: distinct signatures, so the replay guard lets every request through.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          reverse({ id: paid.id, amount: '1.00', comment: `c-${i}` }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      for (const refused of answers.filter((a) => a.status !== 200)) expectError(refused, 40504);
      const refunds = (await transactionsOf(orderId)).filter((t) => t.type === 'refund');
      expect(refunds).toHaveLength(10);
    });

    it('works from the SDK: a float amount signs and reverses as its decimal text', async () => {
      const orderId = nextOrder();
      const paid = (await charge(orderId)).data;
      const reversed = await merchant.sdk.reverse({
        order_id: orderId,
        amount: 3.3000000000000003,
      });
      expect(reversed).toMatchObject({ referenceId: paid.id, price: '3.30', type: 'refund' });
    });

    it('answers 404 40403 for an unknown payment and 4xx for bad input', async () => {
      expectError(await reverse({ id: 987654321, amount: '1.00' }), 40403);
      expectError(await reverse({ order_id: 'nobody-ordered-this', amount: '1.00' }), 40403);
      expectError(await reverse({ amount: '1.00' }), 40017);
      // Not `{ id: 1 }` alone: it signs the values of `transaction/status?id=1` (the first payment's
      // status, queried above), a signature bound to that GET (403 40301, ADR 0059).
      expectError(await reverse({ id: 1, comment: 'no amount' }), 40017);
      expectError(await reverse({ id: 1, amount: '-1' }), 40017);
      expectError(await reverse({ id: 1, amount: '0' }), 40017);
      expectError(await reverse({ id: 1, amount: 'ten' }), 40017);
      const declined = (await charge(nextOrder(), '4000000000000002')).data;
      expectError(await reverse({ id: declined.id, amount: '1.00' }), 40504);
    });

    it('is described in /docs-json with request and response schemas', async () => {
      const doc = (await axios.get(`${gateway}/docs-json`)).data;
      const operation = doc.paths['/v1/transaction/reverse'].post;
      const body = operation.requestBody.content['application/x-www-form-urlencoded'].schema;
      expect(body.required).toEqual(expect.arrayContaining(['project', 'amount', 'signature']));
      expect(Object.keys(body.properties)).toEqual(
        expect.arrayContaining(['id', 'order_id', 'amount', 'comment']),
      );
      const ok = operation.responses['200'].content['application/json'].schema;
      expect(Object.keys(ok.properties)).toEqual(
        expect.arrayContaining(['success', 'id', 'referenceId', 'price', 'fee', 'status']),
      );
      expect(operation.responses['405']).toBeDefined();
    });
  });

  describe('money safety (ADR 0014)', () => {
    it('refuses a second live payment of an order with 405 40501 and charges nothing', async () => {
      const orderId = nextOrder();
      const paid = (await charge(orderId)).data;
      const again = await charge(orderId, '5555555555554444');
      expectError(again, 40501);
      expect(again.data.error.message).toContain(String(paid.id));
      expect(await transactionsOf(orderId)).toEqual([
        { id: String(paid.id), type: 'payment', status: 'completed' },
      ]);
    });

    it('lets a declined order be paid again', async () => {
      const orderId = nextOrder();
      expect((await charge(orderId, '4000000000000002')).data.status).toBe('failed');
      expect((await charge(orderId)).data.status).toBe('completed');
      expect((await transactionsOf(orderId)).map((t) => t.status)).toEqual(['failed', 'completed']);
    });

    it('replays an identical signed request with the byte-identical first answer', async () => {
      const orderId = nextOrder();
      const signedCharge = merchant.sign(chargeParams(orderId));
      const first = await sendRaw('/v1/card/process', signedCharge);
      const replay = await sendRaw('/v1/card/process', signedCharge);
      expect(first.status).toBe(200);
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(Buffer.compare(replay.data, first.data)).toBe(0);
      expect(replay.headers['content-type']).toBe(first.headers['content-type']);

      const paidId = JSON.parse(first.data.toString('utf8')).id as number;
      const signedReverse = merchant.sign({ id: paidId, amount: '1.00' });
      const reversal = await sendRaw('/v1/transaction/reverse', signedReverse);
      const reversalAgain = await sendRaw('/v1/transaction/reverse', signedReverse);
      expect(reversal.status).toBe(200);
      expect(Buffer.compare(reversalAgain.data, reversal.data)).toBe(0);

      const signedRefusal = merchant.sign({ id: paidId, amount: '100.00' });
      const refusal = await sendRaw('/v1/transaction/reverse', signedRefusal);
      const refusalAgain = await sendRaw('/v1/transaction/reverse', signedRefusal);
      expect(refusal.status).toBe(405);
      expect(refusalAgain.status).toBe(405);
      expect(refusalAgain.headers['idempotent-replayed']).toBe('true');
      expect(Buffer.compare(refusalAgain.data, refusal.data)).toBe(0);
      expect((await transactionsOf(orderId)).map((t) => t.type)).toEqual(['payment', 'refund']);
    });

    it('answers the real outcome to a retry after a 503, never a second charge', async () => {
      const orderId = nextOrder();
      const signed = merchant.sign(chargeParams(orderId));
      const payments = stack.services.payments!;
      await payments.stop();
      let outage;
      try {
        outage = await sendRaw('/v1/card/process', signed);
      } finally {
        await payments.restart();
      }
      expect(outage.status).toBe(503);

      // The merchant retries the same signed request until it gets an answer.
      let retry = outage;
      await eventually(async () => {
        retry = await sendRaw('/v1/card/process', signed);
        return retry.status !== 503;
      }, 'an answer once payments is back');
      expect(retry.status).toBe(200);
      const answer = JSON.parse(retry.data.toString('utf8'));
      expect(answer).toMatchObject({ status: 'completed', orderId });
      // The request left during the outage and the retry are one charge.
      await eventually(async () => (await transactionsOf(orderId)).length > 0, 'the charge');
      expect(await transactionsOf(orderId)).toEqual([
        { id: String(answer.id), type: 'payment', status: 'completed' },
      ]);
      const replay = await sendRaw('/v1/card/process', signed);
      expect(Buffer.compare(replay.data, retry.data)).toBe(0);
    });
  });
});
