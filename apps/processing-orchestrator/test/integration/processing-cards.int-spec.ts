import type { Stack } from '@opp/local-stack';
import {
  awaitProjectSnapshot,
  CaptureServer,
  eventually,
  findCardDataInStack,
  launchChromium,
  queryStackDb,
  startTestStack,
} from '@opp/testing';
import { signPartnerPayload } from '@opp/signature';
import { newPartner, PartnerClient, taskStatuses, wait } from '../support/partner-client';

const YEAR = new Date().getUTCFullYear() + 3;

const payment = (
  number: string,
  more: Record<string, unknown> = {},
  task: Record<string, unknown> = {},
) => ({
  type: 'card.payment',
  payload: {
    user: { identifier: 'buyer-1', email: 'buyer@example.com', ip: '203.0.113.9' },
    card: {
      number,
      expiration_month: 12,
      expiration_year: YEAR,
      security_code: '737',
      holder: 'A BUYER',
    },
    price: '10.00',
    currency: 'EUR',
    description: 'Order',
    ...more,
  },
  ...task,
});

/** card.* tasks through payments: outcomes, 3-D Secure resumption in a browser, charging once. */
describe('Task-Tree Processing API: card tasks (with payments)', () => {
  let stack: Stack;
  let partner: PartnerClient;
  let shop: CaptureServer;

  beforeAll(async () => {
    shop = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'processing cards',
      services: [
        'api-gateway',
        'processing-orchestrator',
        'payments',
        'users-recurring',
        'notifier',
      ],
      extraEnv: { DELIVERY_RETRY_SCHEDULE: '1s,1s,2s,2s' },
    });
    const keys = await newPartner(stack, 'card-partner');
    await awaitProjectSnapshot(stack, 'payments', keys.projectId);
    partner = new PartnerClient(stack.gatewayUrl!, keys);
  });

  afterAll(async () => {
    await stack?.stop();
    await shop?.stop();
  });

  it('routes an approved and a declined payment, with the operation data and masked card echo', async () => {
    const { data } = await partner.submit(
      partner.request(
        [
          payment(
            '4242424242424242',
            { order_id: 'ok-1' },
            { success: [wait(0)], fail: [wait(0)] },
          ),
          payment(
            '4000000000000002',
            { order_id: 'declined-1' },
            { success: [wait(0)], fail: [wait(0)] },
          ),
        ],
        { sync: true },
      ),
    );
    expect(data.result.status).toBe('FINISHED');
    expect(taskStatuses(data)).toEqual({
      '0': 'SUCCESS',
      '0.success.0': 'SUCCESS',
      '0.fail.0': 'SKIPPED',
      '1': 'FAIL',
      '1.success.0': 'SKIPPED',
      '1.fail.0': 'SUCCESS',
    });
    const [approved, declined] = data.payload.tasks;
    expect(approved.data).toMatchObject({ status: 'completed', orderId: 'ok-1' });
    expect(declined.data).toMatchObject({ status: 'failed' });
    expect(approved.payload.card).toEqual({
      number: '424242******4242',
      expiration_month: 12,
      expiration_year: YEAR,
      holder: 'A BUYER',
    });
    expect(JSON.stringify(data)).not.toContain('4242424242424242');
  });

  it('charges a card given through partner parameters, and card data crosses no topic or table in clear', async () => {
    const { data } = await partner.submit(
      partner.request(
        [
          {
            type: 'card.payment',
            payload: {
              user: { identifier: 'buyer-2', email: 'buyer@example.com', ip: '203.0.113.9' },
              // ADR 0005 placeholders: the orchestrator fills the card from partner.parameters.
              card: {
                number: '${parameters.pan}',
                expiration_month: 12,
                expiration_year: YEAR,
                security_code: '${parameters.cvc}',
                holder: 'A BUYER',
              },
              price: '12.00',
              currency: 'EUR',
              order_id: 'params-1',
              description: 'Card ${parameters.pan}, note 5555 5555 5555 4444',
            },
            success: [
              {
                type: 'message.send',
                payload: {
                  channel: 'webhook',
                  to: shop.url('/paid'),
                  text: 'Paid with ${parameters.pan} (cvc ${parameters.cvc})',
                },
              },
            ],
          },
        ],
        { sync: true },
        { parameters: { pan: '4242424242424242', cvc: '737' } },
      ),
    );
    const done = await partner.finished(data.header.response.globalId);
    expect(taskStatuses(done)).toEqual({ '0': 'SUCCESS', '0.success.0': 'SUCCESS' });
    expect(done.payload.tasks[0].data).toMatchObject({ status: 'completed', orderId: 'params-1' });
    // The number is shown masked, the security code not at all.
    expect(done.payload.partner.parameters).toEqual({ pan: '424242******4242' });
    expect(done.payload.tasks[0].payload.card.number).toBe('424242******4242');
    const [message] = await shop.waitFor('/paid');
    expect(JSON.parse(message.body).text).toBe('Paid with 424242******4242 (cvc ***)');
    const [charge] = await queryStackDb<{ description: string }>(
      stack,
      'payments',
      `SELECT description FROM transactions WHERE order_id = 'params-1'`,
    );
    expect(charge.description).toBe('Card 424242******4242, note 555555******4444');

    expect(await findCardDataInStack(stack)).toEqual([]);
  });

  it('runs transaction.status after the payment it asks about', async () => {
    const { data } = await partner.submit(
      partner.request(
        [
          payment(
            '4242424242424242',
            { order_id: 'status-1' },
            { success: [{ type: 'transaction.status', payload: { order_id: 'status-1' } }] },
          ),
        ],
        { sync: true },
      ),
    );
    expect(taskStatuses(data)).toEqual({ '0': 'SUCCESS', '0.success.0': 'SUCCESS' });
    expect(data.payload.tasks[0].success[0].data).toMatchObject({ status: 'completed' });
  });

  it('waits for 3-D Secure, resumes through the gateway TermUrl and redirects to the partner', async () => {
    const { data } = await partner.submit(
      partner.request(
        [
          payment(
            '4000000000003220',
            { order_id: '3ds-1', acs_return_url: `${shop.baseUrl}/back` },
            { success: [wait(0)], fail: [wait(0)] },
          ),
        ],
        { sync: true },
      ),
    );
    const globalId: string = data.header.response.globalId;
    const taskId: string = data.payload.tasks[0].id;
    expect(data.result).toMatchObject({ status: 'WAITING', code: 3 });
    expect(data.result.interactive).toEqual({
      type: 'REDIRECT',
      uri: `${stack.gatewayUrl}/acs/challenge`,
      method: 'POST',
      parameters: {
        PaReq: expect.any(String),
        MD: expect.any(String),
        TermUrl: `${stack.gatewayUrl}/processing/acs-return/${globalId}/${taskId}`,
      },
    });
    expect(taskStatuses(data)).toEqual({
      '0': 'WAITING',
      '0.success.0': 'PENDING',
      '0.fail.0': 'PENDING',
    });
    expect(data.payload.tasks[0].payload.acs_return_url).toBe(`${shop.baseUrl}/back`);
    // ADR 0031: the gateway builds the redirect and the task's `acs` under its own address;
    // payments is not told it (its development default would point elsewhere).
    expect(stack.envFor('payments').PUBLIC_GATEWAY_URL).toBeUndefined();
    expect(stack.envFor('api-gateway').PUBLIC_GATEWAY_URL).toBe(stack.gatewayUrl);
    // Nor is the orchestrator: the challenge returns to the task, and the gateway builds that
    // TermUrl (ADR 0031); payments keeps no URL for it.
    expect(stack.envFor('processing-orchestrator').PUBLIC_GATEWAY_URL).toBeUndefined();
    const termUrl = `${stack.gatewayUrl}/processing/acs-return/${globalId}/${taskId}`;
    expect(
      await queryStackDb<{ term_url: string | null; task_id: string }>(
        stack,
        'payments',
        `SELECT term_url, task_id FROM transactions WHERE task_global_id = $1`,
        [globalId],
      ),
    ).toEqual([{ term_url: '', task_id: taskId }]);
    const waitingData = data.payload.tasks[0].data;
    expect(waitingData).toMatchObject({ status: 'authenticating', orderId: '3ds-1' });
    expect(waitingData.acs).toEqual({
      url: data.result.interactive.uri,
      parameters: data.result.interactive.parameters,
    });
    // The fields of POST /card/process, in the jsonb key order partners have always read them in.
    expect(Object.keys(waitingData)).toEqual([
      'id',
      'acs',
      'fee',
      'card',
      'type',
      'user',
      'price',
      'reason',
      'status',
      'orderId',
      'success',
      'currency',
      'createdAt',
      'updatedAt',
      'referenceId',
      'permanentToken',
    ]);
    expect(Object.keys(data.result.interactive)).toEqual(['uri', 'type', 'method', 'parameters']);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const { uri, parameters } = data.result.interactive;
      const inputs = Object.entries(parameters as Record<string, string>)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
        .join('');
      await page.setContent(`<form method="post" action="${uri}">${inputs}</form>`);
      await Promise.all([
        page.waitForURL(`${stack.gatewayUrl}/acs/challenge`),
        page.evaluate('document.forms[0].submit()'),
      ]);
      await page.fill('input[name="password"]', '3ds-pass');
      // The ACS page posts PaRes and MD to the TermUrl: the gateway's own acs-return page.
      const [posted, returned] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && r.url() === termUrl),
        page.waitForResponse((r) => r.url().startsWith(`${termUrl}/continue?`)),
        page.waitForURL(`${shop.baseUrl}/back`, { timeout: 20_000 }),
        page.click('button[type="submit"]'),
      ]);
      expect(new URLSearchParams(posted.postData() ?? '').get('MD')).toBe(parameters.MD);
      // The page that forwards the user is never framed, like every hosted page (ADR 0061).
      expect(returned.headers()['x-frame-options']).toBe('DENY');
      expect(returned.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    } finally {
      await browser.close();
    }
    expect(shop.requests('/back')).toHaveLength(1);

    const done = await partner.finished(globalId);
    expect(taskStatuses(done)).toEqual({
      '0': 'SUCCESS',
      '0.success.0': 'SUCCESS',
      '0.fail.0': 'SKIPPED',
    });
    expect(done.payload.tasks[0].data).toMatchObject({ status: 'completed' });
    // As before ADR 0031: the answers of a task merge in order, so the charge keeps its `acs`.
    expect(done.payload.tasks[0].data.acs).toEqual(waitingData.acs);
    expect(done.result.interactive).toBeUndefined();
  });

  async function chargesPerOrder(prefix: string) {
    return queryStackDb<{ order_id: string; n: string }>(
      stack,
      'payments',
      `SELECT order_id, count(*) AS n FROM transactions WHERE order_id LIKE $1 GROUP BY order_id`,
      [`${prefix}%`],
    );
  }

  it.each([['processing-orchestrator' as const], ['payments' as const]])(
    'charges each order exactly once and notifies every target when %s is SIGKILLed with 50 trees in flight',
    async (victim) => {
      const prefix = `kill-${victim}-`;
      const target = `/finished-${victim}`;
      // 50 at once on a small machine may meet the 404 apology of an overloaded gateway: the
      // partner tries again, as its SDK does; the request ids keep each tree single.
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          partner.submitWithRetries(
            partner.request(
              [payment('4242424242424242', { order_id: `${prefix}${i}` }, { always: [wait(0)] })],
              { result: [{ type: 'URL', uri: shop.url(target), method: 'POST' }] },
            ),
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      const ids: string[] = answers.map((a) => a.data.header.response.globalId);
      await stack.services[victim]!.kill();
      // The kill must land on work in flight, or the test proves nothing about recovery.
      const [{ open }] = await queryStackDb<{ open: string }>(
        stack,
        'processing-orchestrator',
        `SELECT count(*) AS open FROM processing_requests
          WHERE status <> 'FINISHED' AND global_id = ANY($1::uuid[])`,
        [ids],
      );
      expect(Number(open)).toBeGreaterThan(0);
      await stack.services[victim]!.restart();
      for (const id of ids) {
        const done = await partner.finished(id, 90_000);
        expect(taskStatuses(done)).toEqual({ '0': 'SUCCESS', '0.always.0': 'SUCCESS' });
      }
      const charges = await chargesPerOrder(prefix);
      expect(charges).toHaveLength(50);
      expect(charges.every((c) => Number(c.n) === 1)).toBe(true);

      // Every target called at least once; a repeated call carries the same signature.
      await eventually(
        () => new Set(shop.requests(target).map((r) => r.body)).size === 50,
        'a notification for every tree',
        60_000,
      );
      for (const id of ids) {
        const calls = shop.requests(target).filter((r) => r.body === `globalId=${id}`);
        const signatures = new Set(calls.map((c) => c.headers['x-opp-signature']));
        expect(signatures).toEqual(
          new Set([signPartnerPayload(partner.keys.secret, `globalId=${id}`)]),
        );
      }
    },
  );
});
