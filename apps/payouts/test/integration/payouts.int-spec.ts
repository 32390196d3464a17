import type { Stack } from '@opp/local-stack';
import {
  CaptureServer,
  eventually,
  formFields,
  MerchantClient,
  queryStackDb,
  STACK_START_TIMEOUT_MS,
} from '@opp/testing';
import {
  availableBalance,
  CARD_PAYOUT_PARAMETERS,
  fundedMerchant,
  IBANS,
  payoutLedger,
  SEPA_PAYOUT_PARAMETERS,
  startPayoutStack,
} from './payouts-kit';

// Tests read JSON bodies loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (response: Response): Promise<any> => response.json();

/**
 * Payout types, parameters and orders through the gateway (ADR 0011, ADR 0060): the rules of the
 * payouts service, the reservation in payments' ledger, the sandbox rail and the signed callback.
 */
describe('payouts through the gateway', () => {
  let stack: Stack;
  let endpoint: CaptureServer;
  let merchant: MerchantClient;
  let projectId: number;
  let publicKey: string;

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
    stack = await startPayoutStack('payouts', {}, ['notifier']);
    ({ merchant, projectId } = await fundedMerchant(stack, '100.00', {
      callbackUrl: endpoint.url('/callbacks'),
    }));
    publicKey = merchant.keys.publicKey;
  }, STACK_START_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.stop();
    await endpoint?.stop();
  });

  async function callbackFor(orderId: string): Promise<Record<string, string>> {
    let fields: Record<string, string> | undefined;
    await eventually(
      () => {
        fields = endpoint
          .requests('/callbacks')
          .map((r) => formFields(r.body))
          .find((f) => f.order_id === orderId);
        return fields !== undefined;
      },
      `the callback of ${orderId}`,
      30_000,
    );
    return fields!;
  }

  const payout = (params: Record<string, unknown>) =>
    merchant.postForm('/v1/payout', { currency: 'EUR', ...params });

  it('describes the payout operations in the OpenAPI document, with request and response schemas', async () => {
    const document = await json(await fetch(`${stack.gatewayUrl}/docs-json`));
    const types = document.paths['/v1/payout-types'].get;
    const parameters = document.paths['/v1/payout-parameters'].get;
    const create = document.paths['/v1/payout'].post;
    for (const operation of [types, parameters, create]) {
      expect(operation.responses['200'].content['application/json'].schema).toBeDefined();
    }
    expect(parameters.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['project', 'type', 'account', 'currency']),
    );
    expect(create.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['type', 'amount', 'currency']),
    );
    expect(create.responses['403']).toBeDefined();
  });

  describe('GET /v1/payout-types', () => {
    it('lists credit_card, sepa and e_wallet with integer ids, unsigned and cacheable', async () => {
      const answer = await fetch(`${stack.gatewayUrl}/v1/payout-types?project=${publicKey}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toMatch(/max-age=\d+/);
      const body = await json(answer);
      expect(body.success).toBe(true);
      expect(body.types).toEqual([
        { id: 1, key: 'credit_card', label: expect.any(String) },
        { id: 2, key: 'sepa', label: expect.any(String) },
        { id: 3, key: 'e_wallet', label: expect.any(String) },
      ]);
    });

    it('needs a known project (400 40001, 404 40401)', async () => {
      const missing = await fetch(`${stack.gatewayUrl}/v1/payout-types`);
      expect(missing.status).toBe(400);
      expect((await json(missing)).error.code).toBe(40001);
      const unknown = await fetch(`${stack.gatewayUrl}/v1/payout-types?project=nope`);
      expect(unknown.status).toBe(404);
    });
  });

  describe('GET /v1/payout-parameters', () => {
    const parameters = (query: Record<string, string>) =>
      fetch(
        `${stack.gatewayUrl}/v1/payout-parameters?${new URLSearchParams({ project: publicKey, ...query }).toString()}`,
      );

    it('decides card parameters by the BIN country and gives their formats', async () => {
      const domestic = await parameters({ type: '1', account: '520000', currency: 'EUR' });
      expect(domestic.status).toBe(200);
      expect(domestic.headers.get('cache-control')).toMatch(/max-age=\d+/);
      const controls = await json(domestic);
      expect(controls.filter((c: { required: boolean }) => c.required)).toEqual([
        { name: 'cardHolder', type: 'text', label: expect.any(String), required: true },
        {
          name: 'cardExpirationDate',
          type: 'card-expiration',
          label: expect.stringContaining('MM/YY'),
          required: true,
        },
      ]);
      const abroad = await json(
        await parameters({ type: '1', account: '424242', currency: 'EUR' }),
      );
      expect(abroad.map((c: { name: string }) => c.name)).toEqual(
        expect.arrayContaining(['beneficiaryFirstName', 'beneficiaryLastName', 'birthDate']),
      );
      expect(abroad.find((c: { name: string }) => c.name === 'birthDate').label).toContain('d.m.Y');
    });

    it('decides SEPA and e-wallet parameters by currency', async () => {
      const sepa = await json(
        await parameters({ type: '2', account: IBANS.completed, currency: 'EUR' }),
      );
      expect(sepa.map((c: { name: string }) => c.name)).toContain('receiverBankBIC');
      const wallet = await json(
        await parameters({ type: '3', account: 'wallet-1', currency: 'USD' }),
      );
      expect(
        wallet
          .filter((c: { required: boolean }) => c.required)
          .map((c: { name: string }) => c.name),
      ).toEqual(['fullName', 'phone']);
    });

    it('refuses an unknown type, a bad currency or a SEPA payout outside EUR with 400', async () => {
      for (const query of [
        { type: '99', account: '424242', currency: 'EUR' },
        { type: 'x', account: '424242', currency: 'EUR' },
        { type: '1', account: '424242', currency: 'EURO' },
        { type: '2', account: IBANS.completed, currency: 'USD' },
        { type: '2', account: 'DE00', currency: 'EUR' },
      ]) {
        const answer = await parameters(query);
        expect(answer.status).toBe(400);
        expect((await json(answer)).error.code).toBe(40017);
      }
    });
  });

  describe('POST /v1/payout', () => {
    it('names a missing required parameter with 40016 and reserves nothing', async () => {
      const before = await availableBalance(merchant);
      const answer = await payout({
        type: 2,
        account: IBANS.completed,
        amount: '1.00',
        orderId: 'missing-bic',
        beneficiaryFirstName: 'Ada',
        beneficiaryLastName: 'Lovelace',
      });
      expect(answer.status).toBe(400);
      expect(answer.data.error).toEqual({
        code: 40016,
        message: expect.stringContaining('receiverBankBIC'),
      });
      const noAccount = await payout({ type: 3, amount: '1.00', fullName: 'A B' });
      expect(noAccount.data.error.code).toBe(40016);
      expect(noAccount.data.error.message).toContain('account');
      expect(await availableBalance(merchant)).toBe(before);
    });

    it('refuses a payout above the available balance with 403 40313 and reserves nothing', async () => {
      const before = await availableBalance(merchant);
      const answer = await payout({
        type: 2,
        account: IBANS.completed,
        amount: '100000.00',
        orderId: 'too-much',
        ...SEPA_PAYOUT_PARAMETERS,
      });
      expect(answer.status).toBe(403);
      // Issue 37 L9: the catalogue message once, not "Insufficient balance: Insufficient balance: ...".
      expect(answer.data.error).toEqual({
        code: 40313,
        message: 'Insufficient balance: the payout is above the available balance',
      });
      expect(await availableBalance(merchant)).toBe(before);
      const rows = await queryStackDb(
        stack,
        'payments',
        `SELECT 1 FROM payouts WHERE order_id = 'too-much'`,
      );
      expect(rows).toEqual([]);
    });

    it('reserves at once, completes within 5 seconds and calls back payout_completed, signed', async () => {
      const before = Number(await availableBalance(merchant));
      const answer = await payout({
        type: 2,
        account: IBANS.completed,
        amount: '12.50',
        orderId: 'sepa-ok',
        ...SEPA_PAYOUT_PARAMETERS,
      });
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ id: expect.any(Number), success: true, status: 'processing' });
      expect(Number(await availableBalance(merchant))).toBeCloseTo(before - 12.5, 2);
      const fields = await callbackFor('sepa-ok');
      expect(fields).toMatchObject({
        id: String(answer.data.id),
        status: 'payout_completed',
        type: 'transaction',
        price: '12.5000',
        currency: 'EUR',
      });
      expect(merchant.sdk.verifyCallback(fields)).toBe(true);
      expect(Number(await availableBalance(merchant))).toBeCloseTo(before - 12.5, 2);
    });

    it('releases the reservation of failed and cancelled payouts (accounts ending 0002, 0003)', async () => {
      const before = await availableBalance(merchant);
      const failed = await payout({
        type: 2,
        account: IBANS.failed,
        amount: '3.00',
        orderId: 'sepa-failed',
        ...SEPA_PAYOUT_PARAMETERS,
      });
      const cancelled = await payout({
        type: 3,
        account: 'wallet-0003',
        amount: '4.00',
        orderId: 'wallet-cancelled',
        fullName: 'Ada Lovelace',
      });
      expect([failed.data.status, cancelled.data.status]).toEqual(['processing', 'processing']);
      expect((await callbackFor('sepa-failed')).status).toBe('payout_failed');
      expect((await callbackFor('wallet-cancelled')).status).toBe('payout_cancelled');
      expect(await availableBalance(merchant)).toBe(before);
    });

    it('pays out to a card number sealed at the edge, kept masked only', async () => {
      const answer = await payout({
        type: 1,
        account: '4000000000000002',
        amount: '2.00',
        orderId: 'card-failed',
        ...CARD_PAYOUT_PARAMETERS,
      });
      expect(answer.data.status).toBe('processing');
      expect((await callbackFor('card-failed')).status).toBe('payout_failed');
      const [row] = await queryStackDb<{ account_display: string; account_sealed: string }>(
        stack,
        'payments',
        `SELECT account_display, account_sealed FROM payouts WHERE id = $1`,
        [answer.data.id],
      );
      expect(row.account_display).toBe('400000******0002');
      expect(row.account_sealed).toMatch(/^s1\./);
      const [order] = await queryStackDb<{ account_display: string }>(
        stack,
        'payouts',
        `SELECT account_display FROM payout_orders WHERE id = $1`,
        [answer.data.id],
      );
      expect(order.account_display).toBe('400000******0002');
      const badLuhn = await payout({
        type: 1,
        account: '4000000000000003',
        amount: '1.00',
        ...CARD_PAYOUT_PARAMETERS,
      });
      expect(badLuhn.status).toBe(400);
      expect(badLuhn.data.error.code).toBe(40004);
    });

    it('never pays out one orderId twice while its payout is live (ADR 0014)', async () => {
      const order = {
        type: 2,
        account: IBANS.completed,
        amount: '1.00',
        orderId: 'once',
        ...SEPA_PAYOUT_PARAMETERS,
      };
      const first = await payout(order);
      expect(first.status).toBe(200);
      const again = await payout({ ...order, description: 'retry with another signature' });
      expect(again.status).toBe(405);
      expect(again.data.error.code).toBe(40501);
      expect(again.data.error.message).toContain(String(first.data.id));
      const replay = await merchant.sdk.raw.send({
        method: 'POST',
        path: '/v1/payout',
        params: merchant.sign({ currency: 'EUR', ...order }),
        signed: false,
        encoding: 'form',
      });
      // The identical signed request is a safe retry: the first answer again (ADR 0003), no payout.
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.data);
      const rows = await queryStackDb(
        stack,
        'payments',
        `SELECT 1 FROM payouts WHERE project_id = $1 AND order_id = 'once'`,
        [projectId],
      );
      expect(rows).toHaveLength(1);
      // After a failed payout the order id is free again, like a payment's (ADR 0014).
      const failedOrder = {
        type: 2,
        account: IBANS.failed,
        amount: '1.00',
        orderId: 'retry-after-fail',
        ...SEPA_PAYOUT_PARAMETERS,
      };
      expect((await payout(failedOrder)).status).toBe(200);
      expect((await callbackFor('retry-after-fail')).status).toBe('payout_failed');
      const retried = await payout({ ...failedOrder, account: IBANS.completed });
      expect(retried.status).toBe(200);
    });

    it('keeps every payout entry balanced in the ledger', async () => {
      await eventually(
        async () =>
          (
            await queryStackDb(
              stack,
              'payments',
              `SELECT 1 FROM payouts WHERE project_id = $1 AND status = 'reserved'`,
              [projectId],
            )
          ).length === 0,
        'every payout settled',
        30_000,
      );
      const ledger = await payoutLedger(stack, projectId);
      const reserved = BigInt(ledger['payout-reservation'].total);
      const settled =
        BigInt(ledger['payout']?.total ?? '0') + BigInt(ledger['payout-release']?.total ?? '0');
      expect(settled).toBe(reserved);
    });
  });
});
