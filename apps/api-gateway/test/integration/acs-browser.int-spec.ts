import axios from 'axios';
import * as qs from 'qs';
import type { Browser } from 'playwright-core';
import type { Stack } from '@opp/local-stack';
import {
  AdminClient,
  autoPostPage,
  launchChromium,
  MerchantClient,
  pageProblems,
  PageServer,
  startTestStack,
} from '@opp/testing';

/**
 * The 3-D Secure journey in a real headless Chromium (ADR 0007): a merchant page posts
 * acs.parameters to acs.url, the user types the password, the simulator posts PaRes and MD to the
 * merchant's TermUrl, and the merchant's authenticate call finishes the payment.
 */
describe('3-D Secure in a browser', () => {
  let stack: Stack;
  let gateway: string;
  let merchant: MerchantClient;
  let userId: string;
  let browser: Browser;
  let shop: PageServer;

  beforeAll(async () => {
    [stack, browser, shop] = await Promise.all([
      startTestStack({
        suite: 'acs browser',
        services: ['api-gateway', 'users-recurring', 'payments'],
      }),
      launchChromium(),
      PageServer.start(),
    ]);
    gateway = stack.gatewayUrl!;
    merchant = new MerchantClient(gateway, await new AdminClient(gateway).createProject());
    const user = await merchant.postForm('/v1/user/resolve', {
      identifier: 'shopper',
      ip: '10.9.9.9',
    });
    userId = user.data.id;
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await stack?.stop();
  });

  async function chargeWith3ds(orderId: string) {
    const token = await axios.get(`${gateway}/v1/card/getToken`, {
      params: {
        project: merchant.keys.publicKey,
        number: '4000000000003220',
        expiration_month: '12',
        expiration_year: String(new Date().getUTCFullYear() + 1),
        security_code: '123',
      },
      paramsSerializer: (p: Record<string, unknown>) => qs.stringify(p),
    });
    const response = await merchant.postForm('/v1/card/process', {
      user: userId,
      card_token: token.data.id,
      price: '25.00',
      currency: 'EUR',
      description: '3-D Secure in a browser',
      order_id: orderId,
      acs_return_url: shop.url(`/return/${orderId}`),
    });
    expect(response.status).toBe(200);
    expect(response.data.status).toBe('authenticating');
    return response.data as {
      id: number;
      acs: { url: string; parameters: { PaReq: string; MD: string; TermUrl: string } };
    };
  }

  /** The merchant's page auto-posts to the ACS; the user types the password and submits. */
  async function completeChallengeInBrowser(orderId: string, password: string) {
    const charge = await chargeWith3ds(orderId);
    expect(charge.acs.parameters.TermUrl).toBe(shop.url(`/return/${orderId}`));
    // The test stack does not tell payments the gateway's public address (PUBLIC_GATEWAY_URL),
    // so the ACS path of acs.url is taken on this stack's gateway.
    expect(new URL(charge.acs.url).pathname).toBe('/acs/challenge');
    const acsUrl = new URL('/acs/challenge', gateway).toString();
    shop.serve(`/pay/${orderId}`, autoPostPage(acsUrl, charge.acs.parameters));

    const page = await browser.newPage();
    const problems = pageProblems(page);
    try {
      await page.goto(shop.url(`/pay/${orderId}`));
      const passwordInput = page.locator('input[name="password"]');
      await passwordInput.waitFor();
      expect(await page.title()).toBe('3-D Secure verification');
      await passwordInput.fill(password);
      await Promise.all([
        page.waitForURL(shop.url(`/return/${orderId}`)),
        page.locator('button[type="submit"]').click(),
      ]);
    } finally {
      await page.close();
    }
    expect(problems).toEqual([]);
    const [posted] = await shop.waitFor(`/return/${orderId}`);
    expect(posted.method).toBe('POST');
    expect(Object.keys(posted.form).sort()).toEqual(['MD', 'PaRes']);
    expect(posted.form.MD).toBe(charge.acs.parameters.MD);
    return { charge, posted: posted.form };
  }

  it('completes the payment after the right password', async () => {
    const { charge, posted } = await completeChallengeInBrowser('browser-ok', '3ds-pass');
    const done = await merchant.postForm('/v1/card/authenticate', {
      PaRes: posted.PaRes,
      MD: posted.MD,
    });
    expect(done.status).toBe(200);
    expect(done.data).toEqual(
      expect.objectContaining({ id: charge.id, success: true, status: 'completed' }),
    );
    const status = await merchant.get('/v1/transaction/status', { id: String(charge.id) });
    expect(status.data.status).toBe('completed');
  });

  it('ends the payment failed after a wrong password', async () => {
    const { charge, posted } = await completeChallengeInBrowser('browser-bad', 'not-the-password');
    const done = await merchant.postForm('/v1/card/authenticate', {
      PaRes: posted.PaRes,
      MD: posted.MD,
    });
    expect(done.status).toBe(200);
    expect(done.data).toEqual(
      expect.objectContaining({ id: charge.id, success: false, status: 'failed' }),
    );
    const status = await merchant.get('/v1/transaction/status', { id: String(charge.id) });
    expect(status.data.status).toBe('failed');
  });
});
