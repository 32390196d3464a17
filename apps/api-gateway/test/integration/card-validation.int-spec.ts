import axios from 'axios';
import * as qs from 'qs';
import { Client } from 'pg';
import type { Stack } from '@opp/local-stack';
import { AdminClient, MerchantClient, startTestStack } from '@opp/testing';

/**
 * Everything the gateway itself decides on the card-payment operations: field validation with the
 * spec codes, signatures, JSONP, and the replay guard (ADR 0003) on POST /v1/user/resolve.
 */
describe('card payment operations: validation, signatures, JSONP and the replay guard', () => {
  let stack: Stack;
  let merchant: MerchantClient;
  let gateway: string;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'card validation',
      services: ['api-gateway', 'users-recurring', 'payments'],
    });
    gateway = stack.gatewayUrl!;
    merchant = new MerchantClient(gateway, await new AdminClient(gateway).createProject());
  });

  afterAll(async () => {
    await stack?.stop();
  });

  const card = {
    number: '4242424242424242',
    expiration_month: '12',
    expiration_year: String(new Date().getUTCFullYear() + 3),
    security_code: '123',
  };

  const getToken = (params: Record<string, unknown>) =>
    axios.get(`${gateway}/v1/card/getToken`, {
      params,
      paramsSerializer: (p: Record<string, unknown>) => qs.stringify(p),
      validateStatus: () => true,
      timeout: 15_000,
    });

  /** A field left out of the request (and so out of the signature). */
  const DROP = undefined;
  const defined = (params: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));

  const expectError = (response: { status: number; data: unknown }, code: number) => {
    expect({ status: response.status, body: response.data }).toEqual({
      status: Math.floor(code / 100),
      body: { error: { code, message: expect.any(String) } },
    });
  };

  describe('GET /v1/card/getToken', () => {
    it('answers a missing project with 40001 and an unknown one with 40401', async () => {
      expectError(await getToken(card), 40001);
      expectError(await getToken({ ...card, project: 'pk_unknown' }), 40401);
    });

    it.each<[string, number, Record<string, string>]>([
      ['number missing', 40003, { number: '' }],
      ['number not digits', 40004, { number: '4242-4242-4242-4242' }],
      ['number failing Luhn', 40004, { number: '4242424242424241' }],
      ['month missing', 40012, { expiration_month: '' }],
      ['year missing', 40013, { expiration_year: '' }],
      ['month 13', 40005, { expiration_month: '13' }],
      ['expiry in the past', 40005, { expiration_year: '2020' }],
      ['security code missing', 40006, { security_code: '' }],
      ['security code of 5 digits', 40007, { security_code: '12345' }],
      ['holder of 22 characters', 40015, { holder: 'x'.repeat(22) }],
    ])('answers %s with %i', async (_what, code, change) => {
      expectError(await getToken({ project: merchant.keys.publicKey, ...card, ...change }), code);
    });

    it('refuses a callback that is not an identifier with 400, as plain JSON', async () => {
      for (const callback of ['alert(1)', 'a b', '1cb', 'cb;x']) {
        const response = await getToken({ project: merchant.keys.publicKey, ...card, callback });
        expectError(response, 40017);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
    });

    it('wraps an error in the JSONP callback, with HTTP 200', async () => {
      const response = await getToken({
        project: merchant.keys.publicKey,
        ...card,
        number: '4242424242424241',
        callback: 'shop.onToken',
      });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.data).toBe(
        "/**/ typeof shop.onToken === 'function' && " +
          'shop.onToken({"error":{"code":40004,"message":"Card number invalid"}});',
      );
    });

    it('wraps a missing project in the callback too', async () => {
      const response = await getToken({ ...card, callback: 'cb' });
      expect(response.status).toBe(200);
      expect(response.data).toMatch(
        /^\/\*\*\/ typeof cb === 'function' && cb\(\{"error":\{"code":40001,/,
      );
    });
  });

  describe('POST /v1/card/process', () => {
    const charge = {
      user: '1',
      card_token: 'tok',
      price: '10.00',
      currency: 'EUR',
      description: 'Validation',
    };

    it('checks the signature before anything else (40001, 40101, 40401, 40301)', async () => {
      expectError(await merchant.postForm('/v1/card/process', { ...charge }, false), 40001);
      expectError(
        await merchant.postForm(
          '/v1/card/process',
          { project: merchant.keys.publicKey, ...charge },
          false,
        ),
        40101,
      );
      expectError(
        await merchant.postForm(
          '/v1/card/process',
          { project: 'pk_unknown', ...charge, signature: 'a'.repeat(64) },
          false,
        ),
        40401,
      );
      expectError(
        await merchant.postForm(
          '/v1/card/process',
          { ...merchant.sign(charge), price: '11.00' },
          false,
        ),
        40301,
      );
    });

    const cardFields = { ...card };
    it.each<[string, number, Record<string, unknown>]>([
      ['no user', 40002, { user: '' }],
      ['a User object without identifier', 40002, { user: { email: 'a@example.com' } }],
      ['a User object without ip', 40011, { user: { identifier: 'u1' } }],
      ['neither card_token nor card', 40009, { card_token: DROP }],
      ['an empty card_token', 40008, { card_token: '' }],
      ['both card_token and card', 40017, { card: cardFields }],
      ['a card without number', 40003, { card_token: DROP, card: { ...cardFields, number: '' } }],
      ['a card failing Luhn', 40004, { card_token: DROP, card: { ...cardFields, number: '4000000000000001' } }],
      ['a card without month', 40012, { card_token: DROP, card: { ...cardFields, expiration_month: '' } }],
      ['a card without year', 40013, { card_token: DROP, card: { ...cardFields, expiration_year: '' } }],
      ['an expired card', 40005, { card_token: DROP, card: { ...cardFields, expiration_year: '2019' } }],
      ['a card without code', 40006, { card_token: DROP, card: { ...cardFields, security_code: '' } }],
      ['a card with a bad code', 40007, { card_token: DROP, card: { ...cardFields, security_code: '1a3' } }],
      ['a holder too long', 40015, { card_token: DROP, card: { ...cardFields, holder: 'x'.repeat(22) } }],
      ['no price', 40017, { price: '' }],
      ['a bad price', 40017, { price: '10,00' }],
      ['no currency', 40017, { currency: '' }],
      ['an unknown currency', 40017, { currency: 'ABC' }],
      ['too many decimals', 40018, { price: '10.001' }],
      ['no description', 40017, { description: '' }],
      ['an order_id of 65', 40017, { order_id: 'o'.repeat(65) }],
      ['recurring without interval', 40017, { recurring: '1' }],
      ['a bad acs_return_url', 40017, { acs_return_url: 'javascript:alert(1)' }],
    ])('answers %s with %i', async (_what, code, change) => {
      expectError(
        await merchant.postForm('/v1/card/process', defined({ ...charge, ...change })),
        code,
      );
    }); // prettier-ignore

    it('answers an unknown internal user id with 404 40406', async () => {
      expectError(
        await merchant.postForm('/v1/card/process', { ...charge, user: '999999' }),
        40406,
      );
    });

    it('reads a JSON body the same way', async () => {
      expectError(
        await merchant.postJson('/v1/card/process', defined({ ...charge, card_token: DROP })),
        40009,
      );
    });
  });

  describe('POST /v1/card/authenticate', () => {
    it('answers a missing MD with 400 40014', async () => {
      expectError(await merchant.postForm('/v1/card/authenticate', { PaRes: 'x' }), 40014);
    });
  });

  describe('queries', () => {
    it('needs id or order_id on GET /v1/transaction/status', async () => {
      expectError(await merchant.get('/v1/transaction/status', {}), 40017);
    });

    it('validates the filters of GET /v1/transactions', async () => {
      // A nonce: without one this signs only the project, as the status query above did, and
      // that signature is bound to the status query (403 40301, ADR 0059).
      expectError(await merchant.get('/v1/transactions', { nonce: 'no order id' }), 40017);
      expectError(await merchant.get('/v1/transactions', { orderId: 'o', limit: '101' }), 40017);
      expectError(await merchant.get('/v1/transactions', { orderId: 'o', page: '0' }), 40017);
      expectError(
        await merchant.get('/v1/transactions', { orderId: 'o', created: { from: 'yesterday' } }),
        40017,
      );
      expectError(await merchant.get('/v1/transactions', { orderId: 'o', status: 'done' }), 40017);
    });

    it('validates the currency of GET /v1/balance', async () => {
      expectError(await merchant.get('/v1/balance', { currency: 'EURO' }), 40017);
    });

    it('requires signatures on the queries', async () => {
      expectError(
        await merchant.get('/v1/balance', { project: merchant.keys.publicKey }, false),
        40101,
      );
      expectError(
        await merchant.get(
          '/v1/transactions/5',
          { project: merchant.keys.publicKey, signature: 'b'.repeat(64) },
          false,
        ),
        40301,
      );
    });
  });

  describe('replay guard on POST /v1/user/resolve (D3)', () => {
    const user = { identifier: 'replay-1', ip: '203.0.113.9', email: 'r@example.com' };

    it('replays the first answer for the same signature and parameters, form or JSON', async () => {
      const signed = merchant.sign(user);
      const first = await merchant.postForm('/v1/user/resolve', signed, false);
      expect(first.status).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await merchant.postForm('/v1/user/resolve', signed, false);
      const asJson = await merchant.postJson('/v1/user/resolve', signed, false);
      for (const replay of [again, asJson]) {
        expect(replay.status).toBe(200);
        expect(replay.data).toEqual(first.data);
        expect(replay.headers['idempotent-replayed']).toBe('true');
      }
    });

    it('refuses the same signature with values moved between fields (403 40301)', async () => {
      const params = { identifier: 'swap-a', ip: '10.1.1.1', display_name: 'swap-b' };
      const signed = merchant.sign(params);
      expect((await merchant.postForm('/v1/user/resolve', signed, false)).status).toBe(200);
      const moved = { ...signed, identifier: 'swap-b', display_name: 'swap-a' };
      expectError(await merchant.postForm('/v1/user/resolve', moved, false), 40301);
    });

    it('replays a refusal as well, and runs concurrent duplicates once', async () => {
      const signed = merchant.sign({ identifier: 'no-ip' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => merchant.postForm('/v1/user/resolve', signed, false)),
      );
      for (const answer of answers) expectError(answer, 40011);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    });

    it('keeps one row per accepted signature with the answer', async () => {
      const signed = merchant.sign({ identifier: 'row-check', ip: '10.2.2.2' });
      const answer = await merchant.postForm('/v1/user/resolve', signed, false);
      const db = new Client({ connectionString: stack.databaseUrls['api-gateway'] });
      await db.connect();
      try {
        const { rows } = await db.query(
          'SELECT status_code, response_body FROM signed_requests WHERE signature = $1',
          [signed.signature],
        );
        // The exact text sent (ADR 0014), not a re-serialised JSON value.
        expect(rows).toEqual([{ status_code: 200, response_body: JSON.stringify(answer.data) }]);
      } finally {
        await db.end();
      }
    });
  });
});
