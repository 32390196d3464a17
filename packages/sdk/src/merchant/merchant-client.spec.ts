import { LocalHttpServer } from '../../test/local-http-server';
import { OppApiError, OppHttpError, OppNetworkError } from '../errors';
import { signValues } from '../signing/request-signature';
import { MerchantClient } from './merchant-client';
import type { MerchantClientOptions } from './merchant-client-options';

const KEYS = { publicKey: 'pk_test', privateKey: 'sk_test' };
const FAST_RETRY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

/** The values a gateway would verify: every field but signature, and the signature. */
function signedFields(fields: [string, string][]): { values: string[]; signature?: string } {
  return {
    values: fields.filter(([name]) => name !== 'signature').map(([, value]) => value),
    signature: fields.find(([name]) => name === 'signature')?.[1],
  };
}

describe('MerchantClient', () => {
  let server: LocalHttpServer;
  const client = (options: Partial<MerchantClientOptions> = {}) =>
    new MerchantClient({ baseUrl: server.url, ...KEYS, retry: FAST_RETRY, ...options });

  beforeAll(async () => {
    server = await LocalHttpServer.start();
  });

  afterAll(() => server.stop());

  describe('signing on the wire', () => {
    it('sends JSON by default with project and a signature over every value', async () => {
      server.answer({ status: 200, body: { id: '7' } });
      const answer = await client().resolveUser({ identifier: 'u1', ip: '203.0.113.1' });
      expect(answer).toEqual({ id: '7' });
      const [request] = server.received;
      expect([request.method, request.url, request.headers['content-type']]).toEqual([
        'POST',
        '/v1/user/resolve',
        'application/json',
      ]);
      const body = JSON.parse(request.body);
      expect(body).toEqual({
        project: 'pk_test',
        identifier: 'u1',
        ip: '203.0.113.1',
        signature: signValues(['pk_test', 'u1', '203.0.113.1'], 'sk_test'),
      });
    });

    it('sends form fields with PHP-style nested names, signed over the values as sent', async () => {
      server.answer({ status: 200, body: { success: true } });
      await client({ encoding: 'form' }).processCard({
        user: 'u1',
        card: {
          number: '4242424242424242',
          expiration_month: 12,
          expiration_year: 2030,
          security_code: '123',
        },
        price: 10.5,
        currency: 'EUR',
        description: 'Order',
        '3ds': true,
        remember: false,
        attr_cart: 'c1',
      });
      const [request] = server.received;
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const fields = [...new URLSearchParams(request.body)];
      expect(fields.map(([name]) => name)).toEqual([
        'project',
        'user',
        'card[number]',
        'card[expiration_month]',
        'card[expiration_year]',
        'card[security_code]',
        'price',
        'currency',
        'description',
        '3ds',
        'remember',
        'attr_cart',
        'signature',
      ]);
      const { values, signature } = signedFields(fields);
      expect(values).toEqual(
        expect.arrayContaining(['10.5', '12', '2030', '1', '', 'c1', '4242424242424242']),
      );
      expect(signature).toBe(signValues(values, 'sk_test'));
    });

    it('sends a money number as the decimal text PHP renders, in JSON too', async () => {
      server.answer({ status: 200, body: {} });
      await client().processRecurring({ user: 'u1', price: 0.1 + 0.2, currency: 'EUR' });
      await client().reverse({ id: 5, amount: 3.3000000000000003 });
      await client().changeRecurring({ user: 'u1', interval: 30 });
      const bodies = server.received.map((r) => JSON.parse(r.body));
      expect(bodies[0].price).toBe('0.3');
      expect(bodies[1].amount).toBe('3.3');
      expect(bodies[2]).not.toHaveProperty('price');
    });

    it('refuses a money amount that is not a finite number before sending anything', async () => {
      server.answer({ status: 200, body: {} });
      await expect(
        client().payout({ type: 1, amount: Number.NaN, currency: 'EUR', account: 'x' }),
      ).rejects.toThrow(RangeError);
      expect(server.received).toHaveLength(0);
    });

    it('signs the path id of GET /transactions/{id} and repeats it as the query id', async () => {
      server.answer({ status: 200, body: { id: 17 } });
      await client().transaction(17);
      const url = new URL(server.received[0].url, server.url);
      expect(url.pathname).toBe('/v1/transactions/17');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        project: 'pk_test',
        id: '17',
        nonce: '/v1/transactions/17',
        signature: signValues(['pk_test', '17', '/v1/transactions/17'], 'sk_test'),
      });
    });

    it('asks for the events of a transaction on its path, the path id signed and repeated as id', async () => {
      server.answer({ status: 200, body: { transactionId: 17, events: [] } });
      expect(await client().transactionEvents(17)).toEqual({ transactionId: 17, events: [] });
      const url = new URL(server.received[0].url, server.url);
      expect(url.pathname).toBe('/v1/transactions/17/events');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        project: 'pk_test',
        id: '17',
        nonce: '/v1/transactions/17/events',
        signature: signValues(['pk_test', '17', '/v1/transactions/17/events'], 'sk_test'),
      });
    });

    it('sends nested query filters as created[from] and signs their values', async () => {
      server.answer({ status: 200, body: { totalCount: 0, transactions: [] } });
      await client().transactions({ orderId: 'o1', created: { from: '2026-01-01' }, limit: 10 });
      const url = new URL(server.received[0].url, server.url);
      const fields = [...url.searchParams];
      expect(fields.map(([name]) => name)).toEqual([
        'project',
        'orderId',
        'created[from]',
        'limit',
        'nonce',
        'signature',
      ]);
      const { values, signature } = signedFields(fields);
      expect(signature).toBe(signValues(values, 'sk_test'));
    });

    it('adds a signed timestamp when the project requires expiring signatures', async () => {
      server.answer({ status: 200, body: {} });
      await client({ timestamps: true, now: () => 1_790_000_000_500 }).balance('EUR');
      const url = new URL(server.received[0].url, server.url);
      expect(url.searchParams.get('timestamp')).toBe('1790000000');
      expect(url.searchParams.get('signature')).toBe(
        signValues(['pk_test', '1790000000', 'EUR', '/v1/balance'], 'sk_test'),
      );
    });

    it('leaves the calls the API lists without a signature unsigned, but names the project', async () => {
      server.answer({ status: 200, body: {} });
      await client().getToken({
        number: '4242424242424242',
        expiration_month: '12',
        expiration_year: '2030',
        security_code: '123',
      });
      await client().payoutTypes();
      await client().payoutParameters({ type: 1, account: '424242', currency: 'EUR' });
      for (const request of server.received) {
        const query = new URL(request.url, server.url).searchParams;
        expect(query.get('project')).toBe('pk_test');
        expect(query.has('signature')).toBe(false);
      }
    });
  });

  describe('answers and errors', () => {
    it('returns a decline as an answer, not an error', async () => {
      server.answer({
        status: 200,
        body: { success: false, status: 'failed', reason: 'declined' },
      });
      const answer = await client().processCard({
        user: 'u1',
        card_token: 't1',
        price: '1.00',
        currency: 'EUR',
        description: 'x',
      });
      expect(answer).toEqual(expect.objectContaining({ success: false, status: 'failed' }));
    });

    it('throws OppApiError with the status, the spec code and the message', async () => {
      server.answer({
        status: 403,
        body: { error: { code: 40301, message: 'Signature invalid' } },
      });
      const error = await client()
        .cancelRecurring({ user: 'u1' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OppApiError);
      expect(error).toMatchObject({ status: 403, code: 40301, apiMessage: 'Signature invalid' });
    });

    it('carries Retry-After of a rate limit', async () => {
      server.answer({
        status: 429,
        body: { error: { code: 42901, message: 'Too many requests' } },
        headers: { 'retry-after': '12' },
      });
      const error = await client()
        .getToken({
          number: '4242424242424242',
          expiration_month: 12,
          expiration_year: 2030,
          security_code: '123',
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 429, code: 42901, retryAfterSeconds: 12 });
      expect(server.received).toHaveLength(1);
    });

    it('throws OppHttpError for an answer outside the API (a proxy page)', async () => {
      server.answer({ status: 500, body: '<html>Internal</html>' });
      const error = await client()
        .balance()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OppHttpError);
      expect(error).toMatchObject({ status: 500, body: '<html>Internal</html>' });
    });
  });

  describe('retries', () => {
    const charge = {
      user: 'u1',
      card_token: 't1',
      price: '10.00',
      currency: 'EUR',
      description: 'x',
      order_id: 'o-1',
    };

    it('repeats a POST after a 503 with the identical signed bytes, and answers the outcome', async () => {
      server.answer(
        { status: 503, body: { error: { code: 50301, message: 'Unavailable' } } },
        { status: 200, body: { id: 1, success: true, status: 'completed' } },
      );
      const answer = await client({ timestamps: true }).processCard(charge);
      expect(answer).toMatchObject({ id: 1, status: 'completed' });
      expect(server.received).toHaveLength(2);
      expect(server.received[1].body).toBe(server.received[0].body);
    });

    it('repeats after a dropped connection with the same bytes', async () => {
      server.answer({ status: 0, hangUp: true }, { status: 200, body: { id: 2 } });
      await client().processCard(charge);
      expect(server.received).toHaveLength(2);
      expect(server.received[1].body).toBe(server.received[0].body);
    });

    it('does not repeat a refusal or a server error', async () => {
      for (const status of [400, 405, 500]) {
        server.answer({ status, body: { error: { code: status * 100 + 1, message: 'no' } } });
        await expect(client().processCard(charge)).rejects.toBeInstanceOf(OppApiError);
        expect(server.received).toHaveLength(1);
      }
    });

    it('gives up after the allowed attempts: the last 503 as OppApiError, silence as OppNetworkError', async () => {
      server.answer({ status: 503, body: { error: { code: 50301, message: 'Unavailable' } } });
      await expect(client().processCard(charge)).rejects.toMatchObject({ code: 50301 });
      expect(server.received).toHaveLength(3);
      server.answer({ status: 0, hangUp: true });
      await expect(client().processCard(charge)).rejects.toBeInstanceOf(OppNetworkError);
      expect(server.received).toHaveLength(3);
    });
  });

  describe('raw calls', () => {
    it('returns any answer as it is and sends unsigned parameters exactly as given', async () => {
      server.answer({ status: 403, body: { error: { code: 40301, message: 'no' } } });
      const answer = await client().raw.send({
        method: 'POST',
        path: '/v1/user/resolve',
        params: { project: 'other', identifier: 'u', signature: 'abc' },
        signed: false,
        encoding: 'form',
      });
      expect(answer).toMatchObject({ status: 403, body: { error: { code: 40301 } } });
      expect(server.received[0].body).toBe('project=other&identifier=u&signature=abc');
    });
  });

  describe('options', () => {
    it.each([
      [{ baseUrl: 'not a url' }, /baseUrl/],
      [{ baseUrl: 'ftp://host' }, /baseUrl/],
      [{ privateKey: '' }, /privateKey/],
      [{ encoding: 'xml' as 'json' }, /encoding/],
      [{ timeoutMs: 0 }, /timeoutMs/],
      [{ retry: { attempts: 0 } }, /attempts/],
    ])('refuses %p at construction', (options, message) => {
      expect(() => client(options)).toThrow(message);
    });
  });
});
