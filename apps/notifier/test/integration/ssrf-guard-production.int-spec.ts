import { generateSealingKeyPair } from '@opp/crypto';
import { createHmac } from 'node:crypto';
import { TransactionStatusChangedV1Message, type TransactionStatusChangedV1 } from '@opp/contracts';
import type { Stack } from '@opp/local-stack';
import { AdminClient, CaptureServer, eventually, startTestStack } from '@opp/testing';
import { completedPaymentChange, NotifierTestKit } from './notifier-test-kit';

const ADMIN_TOKEN = 'production-admin-token-for-tests';

/**
 * ADR 0010's SSRF guard as production runs it (NODE_ENV=production, the guard is off elsewhere):
 * callbacks to loopback, to the cloud metadata address and to a name that resolves to loopback
 * reach nothing, while an allow-listed host gets its callback. First the notifier's own check at
 * each attempt (the gateway is made to accept every URL), then the gateway's check when a URL is
 * registered (the gateway restarted with the notifier's allow-list).
 */
describe('SSRF guard in production (notifier and gateway)', () => {
  let stack: Stack;
  let kit: NotifierTestKit;
  let allowed: CaptureServer;
  let internal: CaptureServer;
  let admin: AdminClient;
  let nextTransactionId = 9000;

  beforeAll(async () => {
    allowed = await CaptureServer.start('127.0.0.7');
    internal = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'ssrf guard production',
      services: ['api-gateway', 'notifier'],
      extraEnv: {
        NODE_ENV: 'production',
        ADMIN_TOKEN,
        SECRETS_KEYS: `prod:${Buffer.alloc(32, 3).toString('base64')}`,
        CARD_DATA_PUBLIC_KEY: generateSealingKeyPair('ssrf').publicKey,
        MERCHANT_SECRETS_KEKS: `prod-kek:${Buffer.alloc(32, 4).toString('base64')}`,
        HOSTED_PAGE_KEYS: `prod-hp:${Buffer.alloc(32, 5).toString('base64')}`,
        DELIVERY_RETRY_SCHEDULE: '200ms',
        // The gateway first accepts every URL, so that only the notifier's guard stands between
        // the callbacks and the internal addresses.
        DELIVERY_ALLOWED_HOSTS: 'localhost,127.0.0.0/8,::ffff:127.0.0.0/104,169.254.0.0/16',
      },
    });
    await stack.services.notifier!.restart({ DELIVERY_ALLOWED_HOSTS: '127.0.0.7' });
    kit = new NotifierTestKit(stack);
    admin = new AdminClient(stack.gatewayUrl!, ADMIN_TOKEN);
  });

  afterAll(async () => {
    await kit?.close();
    await stack?.stop();
    await allowed?.stop();
    await internal?.stop();
  });

  const statusChange = (projectId: number): TransactionStatusChangedV1 =>
    completedPaymentChange(projectId, nextTransactionId++, {
      orderId: 'order-ssrf',
      amount: '10.00',
      earned: '10.0000',
    });

  const internalPort = () => new URL(internal.url('/')).port;
  const forbidden = () => [
    `http://127.0.0.1:${internalPort()}/loopback`,
    'http://169.254.169.254/latest/meta-data/',
    // A host name that is not on the allow-list and resolves to loopback.
    `http://localhost:${internalPort()}/rebinding-name`,
    `http://[::ffff:127.0.0.1]:${internalPort()}/mapped`,
  ];

  it('the notifier refuses callbacks to internal addresses at every attempt; an allow-listed host gets its callback', async () => {
    const allowedUrl = allowed.url('/allowed');
    const projects = [];
    for (const callbackUrl of [...forbidden(), allowedUrl]) {
      const project = await admin.createProject({ callbackUrl });
      await kit.waitForProject(project.id, callbackUrl);
      projects.push(project);
    }
    for (const project of projects) {
      await kit.publish(
        TransactionStatusChangedV1Message,
        String(project.id),
        statusChange(project.id),
      );
    }

    await allowed.waitFor('/allowed');
    const ids = projects.slice(0, -1).map((project) => project.id);
    await eventually(async () => {
      const dead = await kit.query(
        `SELECT 1 FROM deliveries WHERE project_id = ANY($1) AND status = 'dead'`,
        [ids],
      );
      return dead.length === ids.length;
    }, 'the callbacks to internal addresses to be dead');
    const refused = await kit.query<{ target: string; last_error: string; attempts: number }>(
      `SELECT target, last_error, attempts FROM deliveries WHERE project_id = ANY($1) ORDER BY project_id`,
      [ids],
    );
    expect(refused.map((row) => row.target)).toEqual(forbidden());
    for (const row of refused) expect(row.last_error).toMatch(/^destination refused: /);
    expect(internal.requests()).toEqual([]);
  });

  it('the gateway refuses internal callback and notification URLs when they are registered', async () => {
    await stack.services['api-gateway']!.restart({ DELIVERY_ALLOWED_HOSTS: '127.0.0.7' });
    for (const callbackUrl of forbidden()) {
      const created = await admin.request('POST', '/admin/v1/projects', { name: 'x', callbackUrl });
      expect([callbackUrl, created.status, created.data.error?.code]).toEqual([
        callbackUrl,
        400,
        40017,
      ]);
      expect(created.data.error.message).toMatch(/callbackUrl refused: /);
    }
    const project = await admin.createProject({ callbackUrl: allowed.url('/registered') });
    const patched = await admin.request('PATCH', `/admin/v1/projects/${project.id}`, {
      callbackUrl: 'http://169.254.169.254/',
    });
    expect([patched.status, patched.data.error.code]).toEqual([400, 40017]);

    const partner = await admin.createPartner(project.id, 'ssrf-partner');
    const body = JSON.stringify({
      header: {
        request: { id: 'ssrf-1' },
        service: { result: [{ type: 'URL', method: 'POST', uri: forbidden()[1] }] },
      },
      payload: { partner: { identifier: partner.identifier }, tasks: [] },
    });
    const submitted = await fetch(`${stack.gatewayUrl}/processing`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-opp-signature': createHmac('sha256', partner.secret).update(body).digest('hex'),
      },
      body,
    });
    expect(submitted.status).toBe(400);
    expect(await submitted.json()).toEqual({
      error: {
        code: 'INVALID_HEADER',
        message: expect.stringMatching(/^header\.service\.result\[0\]\.uri refused: /),
      },
    });
  });
});
