import { randomUUID } from 'node:crypto';
import {
  TransactionStatusChangedV1Message,
  type DeliveryViewV1,
  type TransactionStatusChangedV1,
} from '@opp/contracts';
import type { Stack } from '@opp/local-stack';
import { verifyParams } from '@opp/signature';
import {
  AdminClient,
  CALLBACK_FIELDS,
  CaptureServer,
  eventually,
  formFields,
  startTestStack,
} from '@opp/testing';
import { completedPaymentChange, NotifierTestKit } from './notifier-test-kit';

describe('merchant callbacks (payments events -> notifier -> merchant), D3 and D10', () => {
  let stack: Stack;
  let kit: NotifierTestKit;
  let merchant: CaptureServer;
  let admin: AdminClient;
  let nextTransactionId = 1000;

  beforeAll(async () => {
    merchant = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'notifier callbacks',
      services: ['api-gateway', 'notifier'],
      // Five attempts in all, quickly: the real default retries for three days.
      extraEnv: { DELIVERY_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms' },
    });
    kit = new NotifierTestKit(stack);
    admin = new AdminClient(stack.gatewayUrl!);
  });

  afterAll(async () => {
    await kit?.close();
    await stack?.stop();
    await merchant?.stop();
  });

  async function projectCallingBack(path: string | null) {
    const callbackUrl = path === null ? undefined : merchant.url(path);
    const project = await admin.createProject({ callbackUrl });
    await kit.waitForProject(project.id, callbackUrl);
    return project;
  }

  const statusChange = (
    projectId: number,
    overrides: Partial<TransactionStatusChangedV1> = {},
  ): TransactionStatusChangedV1 =>
    completedPaymentChange(projectId, nextTransactionId++, {
      attributes: { campaign: 'spring', attr_channel: 'web' },
      ...overrides,
    });

  const publish = (event: TransactionStatusChangedV1) =>
    kit.publish(TransactionStatusChangedV1Message, String(event.transactionId), event);

  async function deliveries(query: string): Promise<DeliveryViewV1[]> {
    const response = await admin.request('GET', `/admin/v1/deliveries?${query}`);
    expect(response.status).toBe(200);
    return (response.data as { deliveries: DeliveryViewV1[] }).deliveries;
  }

  it('calls the merchant back with every parameter, signed with the project key', async () => {
    const project = await projectCallingBack('/cb/ok');
    await publish(statusChange(project.id, { transactionId: 7001, orderId: null }));

    const [callback] = await merchant.waitFor('/cb/ok');
    expect(callback.method).toBe('POST');
    expect(callback.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const fields = formFields(callback.body);
    for (const name of CALLBACK_FIELDS) expect(fields).toHaveProperty(name);
    expect(fields).toEqual({
      project: String(project.id),
      user: '501',
      id: '7001',
      reference_id: '',
      order_id: '',
      amount: '1000.00',
      price: '10.0000',
      deposit: '10.0000',
      earned: '9.6000',
      vat_rate: '0.0000',
      vat_amount: '0.0000',
      currency: 'EUR',
      type: 'transaction',
      status: 'completed',
      reason: '',
      sandbox: '1',
      attr_campaign: 'spring',
      attr_channel: 'web',
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(verifyParams(fields, fields.signature, [project.privateKey])).toBe(true);
    expect(
      verifyParams({ ...fields, status: 'failed' }, fields.signature, [project.privateKey]),
    ).toBe(false);

    await eventually(
      async () => (await deliveries(`project=${project.id}&status=succeeded`)).length === 1,
      'the delivery to be succeeded',
    );
    const [delivery] = await deliveries(`project=${project.id}`);
    expect(delivery).toMatchObject({
      kind: 'merchant-callback',
      status: 'succeeded',
      projectId: project.id,
      subject: '7001',
      method: 'POST',
      target: merchant.url('/cb/ok'),
      attempts: 1,
      lastHttpStatus: 200,
    });
  });

  it('stamps the callbacks of a project with requireTimestamp (D18), signed with the rest', async () => {
    const callbackUrl = merchant.url('/cb/stamped');
    const project = await admin.createProject({
      callbackUrl,
      settings: { requireTimestamp: true },
    });
    await kit.waitForProject(project.id, callbackUrl);
    const before = Math.floor(Date.now() / 1000);
    await publish(statusChange(project.id));

    const [callback] = await merchant.waitFor('/cb/stamped');
    const fields = formFields(callback.body);
    expect(fields.timestamp).toMatch(/^\d+$/);
    expect(Number(fields.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(fields.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(verifyParams(fields, fields.signature, [project.privateKey])).toBe(true);
    const { timestamp: _stamp, ...unstamped } = fields;
    expect(verifyParams(unstamped, fields.signature, [project.privateKey])).toBe(false);
  });
  it('calls back nothing for a change without callback status or a project without URL', async () => {
    const silent = await projectCallingBack(null);
    const loud = await projectCallingBack('/cb/order');
    // Same key, so one partition in this order: once the last is called back, the first two are done.
    await publish(statusChange(loud.id, { transactionId: 7100, callbackStatus: null }));
    await publish(statusChange(silent.id, { transactionId: 7100 }));
    await publish(
      statusChange(loud.id, {
        transactionId: 7100,
        status: 'failed',
        callbackStatus: 'failed',
        reason: 'card declined',
      }),
    );

    const [callback] = await merchant.waitFor('/cb/order');
    expect(formFields(callback.body)).toMatchObject({ status: 'failed', reason: 'card declined' });
    expect(await deliveries(`project=${silent.id}`)).toEqual([]);
    expect(await deliveries(`project=${loud.id}`)).toHaveLength(1);
    expect(merchant.requests('/cb/order')).toHaveLength(1);
  });

  it('retries a failing endpoint with the same parameters and signature until it answers 2xx', async () => {
    const project = await projectCallingBack('/cb/flaky');
    merchant.respond('/cb/flaky', (_request, n) => (n <= 3 ? 500 : 200));
    await publish(statusChange(project.id, { transactionId: 7200, sandbox: false }));

    const attempts = await merchant.waitFor('/cb/flaky', 4);
    expect(attempts).toHaveLength(4);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    const fields = formFields(attempts[0].body);
    expect(fields.sandbox).toBe('0');
    expect(verifyParams(fields, fields.signature, [project.privateKey])).toBe(true);

    await eventually(
      async () => (await deliveries(`project=${project.id}&status=succeeded`)).length === 1,
      'the delivery to be succeeded',
    );
    const [delivery] = await deliveries(`project=${project.id}`);
    expect(delivery).toMatchObject({ attempts: 4, lastHttpStatus: 200, status: 'succeeded' });
    const rows = await kit.query<{ number: number; outcome: string; http_status: number }>(
      'SELECT number, outcome, http_status FROM delivery_attempts WHERE delivery_id = $1 ORDER BY number',
      [delivery.id],
    );
    expect(rows).toEqual([
      { number: 1, outcome: 'failed', http_status: 500 },
      { number: 2, outcome: 'failed', http_status: 500 },
      { number: 3, outcome: 'failed', http_status: 500 },
      { number: 4, outcome: 'succeeded', http_status: 200 },
    ]);
  });

  it('dead-letters a delivery that never succeeds; the admin API lists it and replays it', async () => {
    const project = await projectCallingBack('/cb/down');
    merchant.respond('/cb/down', 503);
    await publish(statusChange(project.id, { transactionId: 7300 }));

    await eventually(
      async () => (await deliveries(`status=dead&project=${project.id}`)).length === 1,
      'the delivery to be dead',
    );
    const [dead] = await deliveries(`status=dead&kind=merchant-callback&project=${project.id}`);
    expect(dead).toMatchObject({
      status: 'dead',
      attempts: 5,
      lastHttpStatus: 503,
      lastError: 'HTTP 503',
      nextAttemptAt: null,
      deadAt: expect.any(String),
    });
    expect(merchant.requests('/cb/down')).toHaveLength(5);

    const early = await admin.request('POST', `/admin/v1/deliveries/${randomUUID()}/replay`);
    expect([early.status, early.data.error.code]).toEqual([404, 40408]);

    merchant.respond('/cb/down', 200);
    const replay = await admin.request('POST', `/admin/v1/deliveries/${dead.id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.data).toMatchObject({ id: dead.id, status: 'pending', deadAt: null });

    const calls = await merchant.waitFor('/cb/down', 6);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    await eventually(
      async () => (await deliveries(`status=succeeded&project=${project.id}`)).length === 1,
      'the replayed delivery to succeed',
    );
    const again = await admin.request('POST', `/admin/v1/deliveries/${dead.id}/replay`);
    expect([again.status, again.data.error.code]).toEqual([400, 40017]);
  });

  it('guards the admin API with the admin token and validates its filters', async () => {
    const anonymous = new AdminClient(stack.gatewayUrl!, 'wrong-token-123');
    expect((await anonymous.request('GET', '/admin/v1/deliveries')).status).toBe(401);
    const bad = await admin.request('GET', '/admin/v1/deliveries?status=lost');
    expect([bad.status, bad.data.error.code]).toEqual([400, 40017]);
    const page = await admin.request('GET', '/admin/v1/deliveries?limit=2&page=1');
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ page: 1, limit: 2, totalCount: expect.any(Number) });
    expect(page.data.deliveries.length).toBeLessThanOrEqual(2);
    expect(page.data.totalCount).toBeGreaterThanOrEqual(4);
  });
});
