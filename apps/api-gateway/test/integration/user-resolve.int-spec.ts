import { Client } from 'pg';
import type { Stack } from '@opp/local-stack';
import { AdminClient, eventually, MerchantClient, startTestStack } from '@opp/testing';

describe('signed POST /v1/user/resolve end to end (gateway -> Kafka -> users-recurring -> payments)', () => {
  let stack: Stack;
  let merchant: MerchantClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'user resolve',
      services: ['api-gateway', 'users-recurring', 'payments'],
    });
    const admin = new AdminClient(stack.gatewayUrl!);
    merchant = new MerchantClient(stack.gatewayUrl!, await admin.createProject());
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const user = (identifier: string) => ({ identifier, ip: '203.0.113.7', email: 'a@example.com' });

  it('returns the same id for the same identifier, from a form body and from a JSON body', async () => {
    const first = await merchant.postForm('/v1/user/resolve', user('alice'));
    const second = await merchant.postJson('/v1/user/resolve', user('alice'));
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(second.status).toBe(200);
    expect(second.data).toEqual(first.data);
    const other = await merchant.postForm('/v1/user/resolve', user('bob'));
    expect(other.data.id).not.toEqual(first.data.id);
  });

  it('resolves 20 concurrent requests for one new identifier to one id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => merchant.postForm('/v1/user/resolve', user('carol'))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
  });

  it('publishes a new user to the read model of payments through outbox and inbox', async () => {
    const { data } = await merchant.postForm('/v1/user/resolve', user('dave'));
    const db = new Client({ connectionString: stack.databaseUrls.payments });
    await db.connect();
    try {
      const rows = async () =>
        (await db.query('SELECT id, identifier FROM users_read_model WHERE id = $1', [data.id]))
          .rows;
      await eventually(async () => (await rows()).length === 1, 'the user in payments');
      expect(await rows()).toEqual([{ id: data.id, identifier: 'dave' }]);
    } finally {
      await db.end();
    }
  });

  it('refuses a wrong signature with 403 40301', async () => {
    const signed = merchant.sign(user('eve'));
    const response = await merchant.postForm(
      '/v1/user/resolve',
      { ...signed, signature: 'f'.repeat(64) },
      false,
    );
    expect(response.status).toBe(403);
    expect(response.data).toEqual({ error: { code: 40301, message: expect.any(String) } });
  });

  it('refuses a signature of the wrong length with 403 40301, not a crash', async () => {
    const signed = merchant.sign(user('eve'));
    const response = await merchant.postForm(
      '/v1/user/resolve',
      { ...signed, signature: 'abc' },
      false,
    );
    expect(response.status).toBe(403);
    expect(response.data.error.code).toBe(40301);
  });

  it('refuses parameters changed after signing', async () => {
    const signed = merchant.sign({ identifier: 'frank', ip: '10.0.0.1' });
    const changed = { ...signed, identifier: 'mallory' };
    const response = await merchant.postForm('/v1/user/resolve', changed, false);
    expect(response.status).toBe(403);
    expect(response.data.error.code).toBe(40301);
  });

  it('answers a missing signature with 401 40101', async () => {
    const response = await merchant.postForm(
      '/v1/user/resolve',
      { project: merchant.keys.publicKey, ...user('gina') },
      false,
    );
    expect(response.status).toBe(401);
    expect(response.data.error.code).toBe(40101);
  });

  it('answers an unknown project with 404 40401 and a missing one with 400 40001', async () => {
    const unknown = new MerchantClient(stack.gatewayUrl!, {
      publicKey: 'pk_nope',
      privateKey: 'x',
    });
    const notFound = await unknown.postForm('/v1/user/resolve', user('hank'));
    expect(notFound.status).toBe(404);
    expect(notFound.data.error.code).toBe(40401);
    const missing = await merchant.postForm(
      '/v1/user/resolve',
      { ...user('hank'), signature: 'a' },
      false,
    );
    expect(missing.status).toBe(400);
    expect(missing.data.error.code).toBe(40001);
  });

  it('answers missing user fields with their spec codes', async () => {
    const noIdentifier = await merchant.postForm('/v1/user/resolve', { ip: '10.0.0.1' });
    expect([noIdentifier.status, noIdentifier.data.error.code]).toEqual([400, 40002]);
    const noIp = await merchant.postForm('/v1/user/resolve', { identifier: 'ivan' });
    expect([noIp.status, noIp.data.error.code]).toEqual([400, 40011]);
  });

  it('answers a body that is not JSON in the error envelope', async () => {
    const response = await fetch(`${stack.gatewayUrl}/v1/user/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"project":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 40017, message: expect.any(String) } });
  });
});
