import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import axios from 'axios';
import type { Browser, Page } from 'playwright-core';
import { adminUrlOf, type Stack } from '@opp/local-stack';
import { PartnerClient, type ProcessingTask } from '@opp/sdk';
import {
  AdminClient,
  CaptureServer,
  eventually,
  launchChromium,
  MerchantClient,
  queryStackDb,
  startTestStack,
} from '@opp/testing';

/** Screenshots of the run, git-ignored (.local/): the closing note of a change names them. */
const ARTIFACTS = resolve(__dirname, '../../../../.local/artifacts/console');

const wait = (
  seconds: number,
  more: { success?: ProcessingTask[]; fail?: ProcessingTask[]; always?: ProcessingTask[] } = {},
): ProcessingTask => ({ type: 'wait', payload: { seconds }, ...more });

/**
 * The operator console (ADR 0066) in a headless Chromium against a real stack: sign in with a
 * named operator token, search, open a payment with its timeline and ledger, resend its dead
 * callback, open a processing request's task tree and a project's balance. The console is served
 * on the admin listener only, and the admin API refuses its calls without a token.
 */
describe('operator console in a browser', () => {
  let stack: Stack;
  let browser: Browser;
  let callbacks: CaptureServer;
  let adminUrl: string;
  let operatorToken: string;
  let projectId: number;
  let transactionId: string;
  let globalId: string;
  let partnerIdentifier: string;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    callbacks = await CaptureServer.start();
    // The merchant's endpoint fails until the operator resends: two attempts, then dead.
    let healthy = false;
    callbacks.respond('/cb', () => (healthy ? 200 : 500));
    [stack, browser] = await Promise.all([
      startTestStack({
        suite: 'operator console', // every service: the console shows each one's part
        extraEnv: { DELIVERY_RETRY_SCHEDULE: '200ms' },
      }),
      launchChromium(),
    ]);
    const gateway = stack.gatewayUrl!;
    adminUrl = adminUrlOf(gateway)!;
    const admin = new AdminClient(gateway);
    operatorToken = (await admin.operator('console-e2e', 'write')).token;
    const project = await admin.createProject({ callbackUrl: callbacks.url('/cb') });
    projectId = project.id;
    for (const app of ['payments', 'processing-orchestrator'] as const) {
      await eventually(
        async () =>
          (
            await queryStackDb(stack, app, 'SELECT 1 FROM project_snapshots WHERE id = $1', [
              projectId,
            ])
          ).length === 1,
        `the project in ${app}`,
      );
    }

    const merchant = new MerchantClient(gateway, project);
    const { id: userId } = await merchant.sdk.resolveUser({
      identifier: 'console-buyer',
      ip: '203.0.113.7',
      email: 'console-buyer@example.com',
    });
    const token = await merchant.sdk.getToken({
      number: '4242424242424242',
      expiration_month: '12',
      expiration_year: String(new Date().getUTCFullYear() + 2),
      security_code: '123',
    });
    const charge = await merchant.postForm('/v1/card/process', {
      user: userId,
      card_token: token.id,
      price: '42.50',
      currency: 'EUR',
      description: 'Console test',
      order_id: `console-${Date.now()}`,
      acs_return_url: 'https://shop.example/3ds-return',
    });
    expect(charge.status).toBe(200);
    transactionId = String(charge.data.id);

    const keys = await admin.createPartner(projectId, `console-${Date.now().toString(36)}`);
    partnerIdentifier = keys.identifier;
    const partner = new PartnerClient({
      baseUrl: gateway,
      identifier: keys.identifier,
      secret: keys.secret,
      timeoutMs: 20_000,
      retry: { attempts: 1 },
    });
    // A first task that fails (a negative wait), so its fail branch runs and success is skipped.
    const tree = await partner.raw.submit(
      partner.newRequest(
        [wait(-1, { success: [wait(0)], fail: [wait(0, { always: [wait(0)] })] }), wait(0)],
        { service: { sync: true } },
      ),
    );
    expect(tree.status).toBe(200);
    globalId = (tree.body as { header: { response: { globalId: string } } }).header.response
      .globalId;

    await eventually(async () => {
      const dead = await admin.request(
        'GET',
        `/admin/v1/projects/${projectId}/deliveries?status=dead`,
      );
      return dead.status === 200 && (dead.data as { items: unknown[] }).items.length > 0;
    }, 'the merchant callback to be dead');
    healthy = true;

    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(adminUrl)) problems.push(`fetched ${request.url()}`);
    });
  });

  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await stack?.stop();
    await callbacks?.stop();
  });

  async function screenshot(name: string) {
    const path = join(ARTIFACTS, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    process.stdout.write(`console screenshot: ${path}\n`);
  }

  it('is served on the admin listener only, with a strict CSP', async () => {
    const publicAnswer = await axios.get(`${stack.gatewayUrl!}/console/`, {
      validateStatus: () => true,
    });
    expect(publicAnswer.status).toBe(404);
    const shell = await axios.get(`${adminUrl}/console/`, { validateStatus: () => true });
    expect(shell.status).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(shell.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(shell.data).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const bare = await axios.get(`${adminUrl}/console`, {
      maxRedirects: 0,
      validateStatus: () => true,
    });
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/console/');
  });

  it('the admin API refuses the console’s calls without a valid token', async () => {
    const search = `${adminUrl}/admin/v1/trace/search?limit=1`;
    expect((await axios.get(search, { validateStatus: () => true })).status).toBe(401);
    const wrong = await axios.get(search, {
      headers: { authorization: 'Bearer not-a-token' },
      validateStatus: () => true,
    });
    expect(wrong.status).toBe(401);
  });

  it('signs in by keyboard, refusing a wrong token first', async () => {
    await page.goto(`${adminUrl}/console/`);
    await page.getByLabel('Operator token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That token was refused.' }).waitFor();
    await page.getByLabel('Operator token').fill('');
    await page.getByLabel('Operator token').focus();
    await page.keyboard.type(operatorToken);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /Search payments/ }).waitFor();
    // The refused token's 401 is the only resource error expected in the run.
    expect(problems).toEqual([expect.stringMatching(/401/)]);
    problems.length = 0;
  });

  it('searches and opens the payment: timeline, ledger and its dead callback', async () => {
    await page.getByLabel('Project id').fill(String(projectId));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const link = page.getByRole('link', { name: transactionId, exact: true });
    await link.waitFor();
    await screenshot('search');

    await link.click();
    await page.getByRole('heading', { level: 1, name: `Payment ${transactionId}` }).waitFor();
    const steps = page.locator('ol.timeline > li');
    await steps.first().waitFor();
    expect(await steps.count()).toBeGreaterThan(1);
    expect(await page.locator('ol.timeline').innerText()).toMatch(/POST \/v1\/card\/process/);
    const ledger = page.locator('table.ledger tbody tr');
    expect(await ledger.count()).toBeGreaterThan(0);
    expect(await page.locator('table.ledger').innerText()).toMatch(/42\.5/);
    await page.locator('article.delivery').first().waitFor();
    await screenshot('payment');
  });

  it('resends the dead callback and the gateway accepts it', async () => {
    const deadOne = page.locator('article.delivery').filter({ hasText: 'dead' }).first();
    const deliveryId = await deadOne.getAttribute('data-delivery-id');
    // By its id: once resent it is no longer dead.
    const delivery = page.locator(`article.delivery[data-delivery-id="${deliveryId}"]`);
    const before = callbacks.requests('/cb').length;
    await delivery.getByRole('button', { name: 'Resend' }).press('Enter');
    await delivery
      .getByRole('status')
      .filter({ hasText: /Resend accepted/ })
      .waitFor();
    expect(await delivery.locator('.status').innerText()).not.toBe('dead');
    await eventually(
      async () => callbacks.requests('/cb').length > before,
      'the resent callback to arrive',
    );
    await screenshot('resend');
  });

  it('lists the project deliveries with their attempts and counts the dead ones', async () => {
    await page.getByRole('link', { name: 'deliveries' }).first().click();
    await page
      .getByRole('heading', { level: 1, name: `Deliveries of project ${projectId}` })
      .waitFor();
    const delivery = page.locator('article.delivery').first();
    await delivery.waitFor();
    expect(await delivery.locator('table.attempts tbody tr').count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Count dead deliveries' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /would be resent/ })
      .waitFor();
    await screenshot('deliveries');
  });

  it('finds the processing request in the search and draws it as its task tree', async () => {
    await page.goto(`${adminUrl}/console/#/search`);
    await page.getByLabel('Kind').selectOption('processing');
    await page.getByLabel('Partner (processing)').fill(partnerIdentifier);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const link = page.getByRole('link', { name: globalId, exact: true });
    await link.waitFor();
    const row = page.locator('table.results tbody tr').filter({ has: link });
    expect(await row.innerText()).toContain(partnerIdentifier);
    expect(await page.locator('table.results tbody tr').count()).toBe(1);
    await screenshot('search-processing');

    await link.click();
    await page.getByRole('heading', { level: 1, name: `Processing request ${globalId}` }).waitFor();
    const tree = page.getByRole('list', { name: 'Task tree' });
    await tree.waitFor();
    // Two roots; the first one's success child, fail child and that child's always child.
    expect(await tree.locator('li.task').count()).toBe(5);
    const failed = tree.locator('li.task-root').first().locator('> .task-box');
    expect(await failed.innerText()).toMatch(/fail/i);
    const ranOnFailure = await tree.locator('li.task-fail > .task-box').first().innerText();
    expect(ranOnFailure).toMatch(/success/i);
    expect(ranOnFailure).toMatch(/\((\d+ ms|[\d.]+ s)\)/);
    expect(await tree.locator('li.task-success > .task-box').first().innerText()).toMatch(
      /skipped/i,
    );
    await screenshot('tree');
  });

  it('shows the project balance with a 30-day chart', async () => {
    await page.goto(`${adminUrl}/console/#/projects/${projectId}/balance`);
    await page.getByRole('img', { name: /Balance and daily flows/ }).waitFor();
    expect(await page.locator('svg rect.fill-payments').count()).toBe(30);
    await screenshot('balance');
    expect(problems).toEqual([]);
  });
});
