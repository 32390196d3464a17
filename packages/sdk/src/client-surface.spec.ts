import { LocalHttpServer } from '../test/local-http-server';
import { AdminClient } from './admin/admin-client';
import { OppApiError } from './errors';
import type { FetchLike } from './http/request-options';
import { PARTNER_RETRY_POLICY, retryDelayMs } from './http/retry-policy';
import { MerchantClient } from './merchant/merchant-client';
import { PartnerClient } from './partner/partner-client';

const KEYS = { publicKey: 'pk_test', privateKey: 'sk_test' };
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

const transaction = (id: number) => ({ id, orderId: 'o-1', status: 'completed' });

// Issue 40: per-call options, page iteration, an admin client, partner retries of a few seconds.
describe('the SDK surface', () => {
  let server: LocalHttpServer;
  const merchant = () => new MerchantClient({ baseUrl: server.url, ...KEYS, retry: FAST_RETRY });

  beforeAll(async () => {
    server = await LocalHttpServer.start();
  });

  afterAll(() => server.stop());

  beforeEach(() => {
    server.received.length = 0;
  });

  describe('per-request options', () => {
    it("sends a call's headers beside the client's, without touching the signature", async () => {
      server.answer({ status: 200, body: { id: '7' } });
      const client = new MerchantClient({
        baseUrl: server.url,
        ...KEYS,
        headers: { 'x-client': 'shop' },
      });
      const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      await client.resolveUser(
        { identifier: 'u1', ip: '203.0.113.1' },
        { headers: { traceparent } },
      );
      await client.resolveUser({ identifier: 'u1', ip: '203.0.113.1' });
      const [first, second] = server.received;
      expect(first.headers).toMatchObject({ traceparent, 'x-client': 'shop' });
      expect(second.headers).not.toHaveProperty('traceparent');
      expect(first.body).toBe(second.body);
    });

    it('stops at an AbortSignal, retries and waits included', async () => {
      server.answer({ status: 200, body: {}, delayMs: 2000 });
      const controller = new AbortController();
      const call = merchant().balance('EUR', { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('the shopper left')), 50);
      await expect(call).rejects.toThrow('the shopper left');
      expect(server.received).toHaveLength(1);
    });

    it("takes a call's timeout instead of the client's", async () => {
      server.answer({ status: 200, body: {}, delayMs: 1000 });
      const client = new MerchantClient({ baseUrl: server.url, ...KEYS, retry: { attempts: 1 } });
      await expect(client.balance('EUR', { timeoutMs: 50 })).rejects.toThrow(/no answer/);
    });

    it('sends through a custom fetch, per client or per call', async () => {
      const seen: string[] = [];
      const fetcher =
        (name: string): FetchLike =>
        (url, init) => {
          seen.push(`${name} ${init.method} ${new URL(url).pathname}`);
          return Promise.resolve(
            new Response('{"success":true}', { headers: { 'content-type': 'application/json' } }),
          );
        };
      const client = new MerchantClient({ baseUrl: server.url, ...KEYS, fetch: fetcher('client') });
      await client.cancelRecurring({ user: 'u1' });
      await client.cancelRecurring({ user: 'u1' }, { fetch: fetcher('call') });
      expect(seen).toEqual([
        'client POST /v1/user/cancelRecurring',
        'call POST /v1/user/cancelRecurring',
      ]);
      expect(server.received).toHaveLength(0);
    });
  });

  it('iterates over every page of transactions with for await', async () => {
    server.answer(
      { status: 200, body: { totalCount: 5, transactions: [transaction(1), transaction(2)] } },
      { status: 200, body: { totalCount: 5, transactions: [transaction(3), transaction(4)] } },
      { status: 200, body: { totalCount: 5, transactions: [transaction(5)] } },
    );
    const ids: number[] = [];
    for await (const t of merchant().allTransactions({ orderId: 'o-1', limit: 2 })) ids.push(t.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    const pages = server.received.map((r) => new URL(r.url, server.url).searchParams.get('page'));
    expect(pages).toEqual(['1', '2', '3']);
  });

  describe('AdminClient', () => {
    const admin = () => new AdminClient({ baseUrl: server.url, token: 'admin-token' });

    it('creates a project with the bearer token, and throws the envelope as OppApiError', async () => {
      const created = { id: 4, name: 'Shop', publicKey: 'pk', privateKey: 'sk', sandbox: true };
      server.answer({ status: 201, body: created });
      expect(await admin().createProject({ name: 'Shop' })).toEqual(created);
      const [request] = server.received;
      expect([request.method, request.url, request.headers.authorization]).toEqual([
        'POST',
        '/admin/v1/projects',
        'Bearer admin-token',
      ]);
      expect(JSON.parse(request.body)).toEqual({ name: 'Shop' });

      server.answer({
        status: 404,
        body: { error: { code: 40401, message: 'Project not found' } },
      });
      await expect(admin().getProject(99)).rejects.toMatchObject({
        constructor: OppApiError,
        status: 404,
        code: 40401,
      });
    });

    it('never repeats a write that got no answer', async () => {
      server.answer({ status: 0, hangUp: true });
      const client = new AdminClient({ baseUrl: server.url, token: 't', retry: FAST_RETRY });
      await expect(client.createPartner({ identifier: 'p', projectId: 1 })).rejects.toThrow();
      expect(server.received).toHaveLength(1);
      await expect(client.getPartner('p')).rejects.toThrow();
      expect(server.received).toHaveLength(4);
    });

    it('answers a 204 with nothing', async () => {
      server.answer({ status: 204 });
      await expect(admin().deleteTemplate('p', 'refund')).resolves.toBeUndefined();
      expect(server.received[0]).toMatchObject({
        method: 'DELETE',
        url: '/admin/v1/partners/p/templates/refund',
      });
    });
  });

  describe('partner retries', () => {
    it('cover a few seconds by default, with jitter (the apology says "repeat in a few seconds")', () => {
      const total = (random: () => number) =>
        Array.from({ length: PARTNER_RETRY_POLICY.attempts - 1 }, (_, i) =>
          retryDelayMs(PARTNER_RETRY_POLICY, i + 2, undefined, random),
        ).reduce((a, b) => a + b, 0);
      expect(total(() => 0)).toBeGreaterThanOrEqual(2500);
      expect(total(() => 1)).toBeLessThanOrEqual(8000);
      expect(total(() => 1)).toBeGreaterThan(total(() => 0));
    });

    it('are what a PartnerClient uses when given none', async () => {
      server.answer({
        status: 404,
        body: 'repeat in a few seconds',
        headers: { 'content-type': 'text/plain' },
      });
      const partner = new PartnerClient({ baseUrl: server.url, identifier: 'p', secret: 's' });
      const started = Date.now();
      await expect(partner.status('g-1')).rejects.toMatchObject({ unavailable: true });
      expect(server.received).toHaveLength(PARTNER_RETRY_POLICY.attempts);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    }, 15_000);
  });
});
