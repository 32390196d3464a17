import type { Stack } from '@opp/local-stack';
import {
  AdminClient,
  CaptureServer,
  CALLBACK_FIELDS,
  eventually,
  formFields,
  MerchantClient,
  startTestStack,
  type CapturedRequest,
} from '@opp/testing';

/**
 * From a merchant's charge through the gateway to the signed callback at the merchant's endpoint
 * (gateway -> payments -> transaction events -> notifier -> HTTP).
 */
describe('merchant callbacks for card payments, end to end', () => {
  let stack: Stack;
  let merchant: MerchantClient;
  let endpoint: CaptureServer;
  let project: { id: number; privateKey: string };
  let user: string;

  beforeAll(async () => {
    endpoint = await CaptureServer.start();
    stack = await startTestStack({
      suite: 'card callbacks',
      services: ['api-gateway', 'users-recurring', 'payments', 'notifier'],
    });
    const created = await new AdminClient(stack.gatewayUrl!).createProject({
      callbackUrl: endpoint.url('/callbacks'),
      settings: { feePercent: '2.5', feeFixed: '0.10' },
    });
    project = created;
    merchant = new MerchantClient(stack.gatewayUrl!, created);
    user = (await merchant.postForm('/v1/user/resolve', { identifier: 'payer', ip: '10.0.0.2' }))
      .data.id;
  });

  afterAll(async () => {
    await stack?.stop();
    await endpoint?.stop();
  });

  const charge = (number: string, orderId: string, extra: Record<string, unknown> = {}) =>
    merchant.postForm('/v1/card/process', {
      user,
      card: { number, expiration_month: '12', expiration_year: '2031', security_code: '123' },
      price: '20.00',
      currency: 'EUR',
      description: 'Callback order',
      order_id: orderId,
      ...extra,
    });

  async function callbacksFor(orderId: string, count = 1): Promise<Record<string, string>[]> {
    let found: CapturedRequest[] = [];
    await eventually(
      () => {
        found = endpoint
          .requests('/callbacks')
          .filter((r) => formFields(r.body).order_id === orderId);
        return found.length >= count;
      },
      `${count} callback(s) for ${orderId}`,
      30_000,
    );
    return found.map((r) => formFields(r.body));
  }

  it('calls back a completed payment with every parameter, signed with the project key (D3)', async () => {
    const response = await charge('4242424242424242', 'cb-completed', { attr_customer: 'c-42' });
    expect(response.data.status).toBe('completed');
    const [fields] = await callbacksFor('cb-completed');
    for (const name of [...CALLBACK_FIELDS, 'signature']) expect(fields).toHaveProperty(name);
    expect(fields).toMatchObject({
      project: String(project.id),
      user,
      id: String(response.data.id),
      currency: 'EUR',
      type: 'transaction',
      status: 'completed',
      sandbox: '1',
      attr_customer: 'c-42',
      price: '20.0000',
    });
    expect(Number(fields.earned)).toBeCloseTo(20 - 0.5 - 0.1, 4);
    expect(merchant.sdk.verifyCallback(fields)).toBe(true);
  });

  it('calls back a declined payment as failed, with its reason', async () => {
    const response = await charge('4000000000000002', 'cb-declined');
    expect(response.data).toMatchObject({ success: false, status: 'failed' });
    const [fields] = await callbacksFor('cb-declined');
    expect(fields.status).toBe('failed');
    expect(fields.reason).toMatch(/declined/i);
    expect(merchant.sdk.verifyCallback(fields)).toBe(true);
  });

  it('calls back a processing payment again when it settles (D6, within 5 seconds)', async () => {
    const response = await charge('4000000000000119', 'cb-settles');
    expect(response.data.status).toBe('processing');
    const settled = await callbacksFor('cb-settles', 2);
    expect(settled.map((f) => f.status)).toEqual(['processing', 'completed']);
    for (const fields of settled) {
      expect(merchant.sdk.verifyCallback(fields)).toBe(true);
    }
  });

  it('calls back a card verification as verified', async () => {
    const response = await charge('5555555555554444', 'cb-verify', { verify_card: '1' });
    expect(response.data.status).toBe('verified');
    const [fields] = await callbacksFor('cb-verify');
    expect(fields.status).toBe('verified');
  });
});
