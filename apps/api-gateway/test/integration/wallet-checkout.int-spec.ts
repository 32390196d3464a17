import axios from 'axios';
import type { Browser } from 'playwright-core';
import type { Stack } from '@opp/local-stack';
import {
  AdminClient,
  awaitProjectSnapshot,
  CaptureServer,
  eventually,
  formFields,
  launchChromium,
  MerchantClient,
  pageProblems,
  PageServer,
  queryStackDb,
  startTestStack,
} from '@opp/testing';

const METHODS = [
  'e_wallet',
  'mobile_wallet',
  'online_banking',
  'bank_transfer',
  'prepaid_voucher',
  'qr_payment',
  'crypto_wallet',
];

/**
 * ADR 0008: wallet-type transactions. The merchant creates one (status opened), the user confirms
 * or cancels it on the hosted checkout page in a real headless Chromium, is sent (303) to the
 * shop's success_url or fail_url, and the merchant gets the callback and sees the status.
 */
describe('wallet transactions and the checkout page', () => {
  let stack: Stack;
  let gateway: string;
  let merchant: MerchantClient;
  let browser: Browser;
  let shop: PageServer;
  let endpoint: CaptureServer;

  beforeAll(async () => {
    [stack, browser, shop, endpoint] = await Promise.all([
      startTestStack({
        suite: 'wallet checkout',
        services: ['api-gateway', 'users-recurring', 'payments', 'notifier'],
      }),
      launchChromium(),
      PageServer.start(),
      CaptureServer.start(),
    ]);
    gateway = stack.gatewayUrl!;
    const project = await new AdminClient(gateway).createProject({
      callbackUrl: endpoint.url('/callbacks'),
      settings: { feePercent: '2.5', feeFixed: '0.10' },
    });
    merchant = new MerchantClient(gateway, project);
    // Payments learns projects from their snapshots; until then it refuses with 42201.
    await awaitProjectSnapshot(stack, 'payments', project.id);
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await endpoint?.stop();
    await stack?.stop();
  });

  const create = (orderId: string, extra: Record<string, unknown> = {}) =>
    merchant.postForm('/v1/transaction/create', {
      user: `wallet-user-${orderId}`,
      payment_method: 'e_wallet',
      price: '12.50',
      currency: 'EUR',
      description: 'Wallet order',
      order_id: orderId,
      ip: '10.1.2.3',
      success_url: shop.url(`/success/${orderId}`),
      fail_url: shop.url(`/fail/${orderId}`),
      ...extra,
    });

  async function callbacksFor(orderId: string, count = 1) {
    let found: Record<string, string>[] = [];
    await eventually(
      () => {
        found = endpoint
          .requests('/callbacks')
          .map((r) => formFields(r.body))
          .filter((fields) => fields.order_id === orderId);
        return found.length >= count;
      },
      `${count} callback(s) for ${orderId}`,
      // Patience, not a timing claim: the first delivery waits for the notifier's consumer.
      90_000,
    );
    return found;
  }

  const balance = async () =>
    Number((await merchant.get('/v1/balance', { currency: 'EUR' })).data.amount);

  /** The checkout page's hidden `token` field (ADR 0061), as a browser would send it. */
  async function pageToken(id: string): Promise<string> {
    const page = await axios.get<string>(`${gateway}/checkout/confirm/${id}/`);
    const token = /<input type="hidden" name="token" value="([^"]+)">/.exec(page.data)?.[1];
    if (!token) throw new Error(`no token on the checkout page of ${id}`);
    return token;
  }

  const answerWithout = (id: string, body: string) =>
    axios.post(`${gateway}/checkout/confirm/${id}/`, body, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      maxRedirects: 0,
      validateStatus: () => true,
    });

  /** Opens the checkout page in Chromium and presses a button; resolves at the shop's page. */
  async function answerInBrowser(id: string, button: 'Confirm' | 'Cancel', landing: string) {
    const page = await browser.newPage();
    const problems = pageProblems(page);
    try {
      await page.goto(`${gateway}/checkout/confirm/${id}/`);
      expect(await page.title()).toBe('Confirm your payment');
      expect(await page.locator('#amount').textContent()).toBe('12.50');
      expect(await page.locator('#currency').textContent()).toBe('EUR');
      expect(await page.locator('#method').getAttribute('data-method')).toBe('e_wallet');
      await Promise.all([
        page.waitForURL(landing),
        page.getByRole('button', { name: button }).click(),
      ]);
    } finally {
      await page.close();
    }
    expect(problems).toEqual([]);
  }

  it('creates an opened transaction for each of the seven methods', async () => {
    for (const method of METHODS) {
      const response = await create(`methods-${method}`, {
        payment_method: method,
        // 12 digits: a phone, never mistaken for a card number by the card-data sweep.
        phone: '447700900123',
      });
      expect(response.status).toBe(200);
      expect(response.data).toEqual({
        id: expect.stringMatching(/^\d+$/),
        amount: 12.5,
        currency: 'EUR',
        status: 'opened',
      });
      const shown = await merchant.get(`/v1/transactions/${response.data.id as string}`, {
        id: response.data.id,
      });
      expect(shown.status).toBe(200);
      expect(shown.data).toMatchObject({
        id: Number(response.data.id),
        orderId: `methods-${method}`,
        type: 'payment',
        method,
        status: 'opened',
        originalStatus: 'opened',
        price: '12.50',
        card: null,
        user: expect.objectContaining({ identifier: `wallet-user-methods-${method}` }),
      });
    }
  });

  it.each([
    ['an unknown payment_method', { payment_method: 'paypal' }],
    ['mobile_wallet without phone', { payment_method: 'mobile_wallet' }],
    ['no success_url', { success_url: '' }],
    ['a fail_url that is not http(s)', { fail_url: 'javascript:alert(1)' }],
    ['no description', { description: '' }],
  ])('refuses %s with 400 40017', async (_name, extra) => {
    const response = await create('refused', extra);
    expect(response.status).toBe(400);
    expect(response.data.error.code).toBe(40017);
  });

  // Issue 37 L9: the gateway used to pass such a URL on, and the merchant read the message
  // contract's wording ("invalid payload: successUrl: successUrl must be a URL address").
  it('refuses a return URL the contracts refuse in plain words, once prefixed', async () => {
    const response = await create('plain-words', { success_url: 'http://shop_1.example/ok' });
    expect([response.status, response.data]).toEqual([
      400,
      {
        error: {
          code: 40017,
          message: 'Invalid parameter: success_url must be an absolute http(s) URL',
        },
      },
    ]);
  });

  it('refuses a missing user with 400 40002', async () => {
    const response = await create('no-user', { user: '' });
    expect(response.status).toBe(400);
    expect(response.data.error.code).toBe(40002);
  });

  it('refuses a second live transaction of an order with 405 40501 (ADR 0014)', async () => {
    const first = await create('wallet-once');
    expect(first.status).toBe(200);
    const again = await create('wallet-once', { payment_method: 'online_banking' });
    expect(again.status).toBe(405);
    expect(again.data.error.code).toBe(40501);
    expect(again.data.error.message).toContain(String(first.data.id));
  });

  it('confirm in the browser: completed, 303 to success_url, callback completed', async () => {
    const before = await balance();
    const created = await create('wallet-confirm');
    const id = created.data.id as string;
    await answerInBrowser(id, 'Confirm', shop.url('/success/wallet-confirm'));

    const status = await merchant.get('/v1/transaction/status', { id });
    expect(status.data).toMatchObject({
      status: 'completed',
      original_status: 'completed',
      fee: '0.4100',
    });
    const [callback] = await callbacksFor('wallet-confirm');
    expect(callback).toMatchObject({ id, status: 'completed', price: '12.5000' });
    expect(merchant.sdk.verifyCallback(callback)).toBe(true);
    // Fee 2.5 % + 0.10 rounded to cents (the fee rule): 0.41; the balance grows by the net.
    expect(await balance()).toBeCloseTo(before + 12.5 - 0.41, 4);
  });

  it('cancel in the browser: cancelled, 303 to fail_url, callback failed with reason cancelled', async () => {
    const before = await balance();
    const created = await create('wallet-cancel');
    const id = created.data.id as string;
    await answerInBrowser(id, 'Cancel', shop.url('/fail/wallet-cancel'));

    const shown = await merchant.get(`/v1/transactions/${id}`, { id });
    expect(shown.data).toMatchObject({
      status: 'cancelled',
      originalStatus: 'cancelled',
      reason: 'cancelled',
    });
    const [callback] = await callbacksFor('wallet-cancel');
    expect(callback).toMatchObject({ id, status: 'failed', reason: 'cancelled' });
    expect(merchant.sdk.verifyCallback(callback)).toBe(true);
    expect(await balance()).toBeCloseTo(before, 4);
  });

  it('decides once when the user answers many times at once', async () => {
    const created = await create('wallet-race');
    const id = created.data.id as string;
    const token = encodeURIComponent(await pageToken(id));
    const post = (action: string) =>
      axios.post(`${gateway}/checkout/confirm/${id}/`, `action=${action}&token=${token}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        maxRedirects: 0,
        validateStatus: () => true,
      });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => post('confirm')),
      ...Array.from({ length: 4 }, () => post('cancel')),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(303));
    // Whichever answer came first decided; every other one is sent where that decision points.
    const targets = new Set(answers.map((a) => a.headers['location'] as string));
    expect(targets.size).toBe(1);
    const status = (await merchant.get('/v1/transaction/status', { id })).data.status;
    expect([...targets][0]).toBe(
      status === 'completed' ? shop.url('/success/wallet-race') : shop.url('/fail/wallet-race'),
    );
    const entries = await queryStackDb(
      stack,
      'payments',
      `SELECT count(*)::int AS n FROM journal_entries WHERE transaction_id = $1`,
      [Number(id)],
    );
    expect(entries).toEqual([{ n: status === 'completed' ? 1 : 0 }]);
    await callbacksFor('wallet-race');
    const decided = await queryStackDb(
      stack,
      'payments',
      `SELECT status FROM transactions WHERE id = $1`,
      [Number(id)],
    );
    expect(decided).toEqual([{ status }]);
  });

  it('answers an unknown checkout id with 404 40403 and a bad action with 400 40017', async () => {
    for (const path of ['999999999/', '999999999', 'abc/', '1/extra']) {
      const unknown = await axios.get(`${gateway}/checkout/confirm/${path}`, {
        validateStatus: () => true,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.data.error.code).toBe(40403);
    }
    const created = await create('wallet-bad-action');
    const token = encodeURIComponent(await pageToken(created.data.id as string));
    const bad = await axios.post(
      `${gateway}/checkout/confirm/${created.data.id as string}/`,
      `action=refund&token=${token}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        maxRedirects: 0,
        validateStatus: () => true,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.data.error.code).toBe(40017);
  });

  // Issue 37 L5: another site could frame the page or post `action=confirm` to the sequential id.
  it('serves the checkout page unframeable', async () => {
    const created = await create('wallet-frame');
    const page = await axios.get<string>(
      `${gateway}/checkout/confirm/${created.data.id as string}/`,
    );
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses an answer that does not carry the token of its own page, and decides nothing', async () => {
    const created = await create('wallet-forged');
    const id = created.data.id as string;
    const other = (await create('wallet-forged-other')).data.id as string;
    const missing = await answerWithout(id, 'action=confirm');
    expect([missing.status, missing.data.error]).toEqual([
      401,
      {
        code: 40102,
        message: 'Authentication token missing: send the token field of the checkout page',
      },
    ]);
    for (const token of [await pageToken(other), 'v1.h1.AAAA.AAAA.AAAA', id]) {
      const forged = await answerWithout(id, `action=confirm&token=${encodeURIComponent(token)}`);
      expect([forged.status, forged.data.error.code]).toEqual([403, 40302]);
    }
    expect((await merchant.get('/v1/transaction/status', { id })).data.status).toBe('opened');
    const cancelled = await answerWithout(
      id,
      `action=cancel&token=${encodeURIComponent(await pageToken(id))}`,
    );
    expect([cancelled.status, cancelled.headers['location']]).toEqual([
      303,
      shop.url('/fail/wallet-forged'),
    ]);
  });

  it('describes POST /v1/transaction/create in the OpenAPI document', async () => {
    const { data } = await axios.get(`${gateway}/docs-json`);
    const operation = data.paths['/v1/transaction/create'].post;
    const body = operation.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(body.properties.payment_method.enum).toEqual(METHODS);
    expect(operation.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'status',
    );
    expect(data.paths).toHaveProperty(['/checkout/confirm/{id}', 'get']);
    expect(data.paths).toHaveProperty(['/checkout/confirm/{id}', 'post']);
  });
});
