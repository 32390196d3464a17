import axios from 'axios';
import { eventually, MerchantClient } from '@opp/testing';
import { expectError, openCardSession, type CardSession } from '../support/card-session';

/**
 * Card payments end to end (gateway -> users-recurring and payments over Kafka): every ADR 0006
 * sandbox card, the error codes of card/process, card/authenticate and the queries, single use of a
 * token under concurrency, and the replay guard on a charge.
 */ describe('card payments end to end', () => {
  let session: CardSession;
  let gateway: string;
  let admin: CardSession['admin'];
  let merchant: CardSession['merchant'];
  let userId: string;
  let expiryYear: string;
  let cardOf: CardSession['cardOf'];
  let tokenFor: CardSession['tokenFor'];
  let nextOrder: CardSession['nextOrder'];
  let charge: CardSession['charge'];
  let passChallenge: CardSession['passChallenge'];

  beforeAll(async () => {
    session = await openCardSession('card payments');
    ({
      gateway,
      admin,
      merchant,
      userId,
      expiryYear,
      cardOf,
      tokenFor,
      nextOrder,
      charge,
      passChallenge,
    } = session);
  });

  afterAll(async () => {
    await session?.stack.stop();
  });

  describe('GET /v1/card/getToken', () => {
    it('answers { id, expiresAt, card } in about 10 minutes, as JSON and as JSONP', async () => {
      const params = { project: merchant.keys.publicKey, ...cardOf('4242424242424242') };
      const json = await axios.get(`${gateway}/v1/card/getToken`, { params });
      expect(json.data).toEqual({
        id: expect.any(String),
        expiresAt: expect.any(String),
        card: expect.objectContaining({
          lastFour: '4242',
          mask: expect.stringMatching(/4242$/),
          expirationMonth: 12,
          expirationYear: Number(expiryYear),
        }),
      });
      const lifetime = Date.parse(json.data.expiresAt) - Date.now();
      expect(lifetime).toBeGreaterThan(9 * 60 * 1000);
      expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000 + 5000);
      const jsonp = await axios.get(`${gateway}/v1/card/getToken`, {
        params: { ...params, callback: 'jQuery_123' },
        responseType: 'text',
      });
      expect(jsonp.headers['content-type']).toMatch(/^application\/javascript/);
      const match = /^\/\*\*\/ typeof jQuery_123 === 'function' && jQuery_123\((.*)\);$/.exec(
        jsonp.data as string,
      );
      expect(JSON.parse(match![1])).toEqual(expect.objectContaining({ id: expect.any(String) }));
    });
  });

  describe('D6 sandbox cards by token', () => {
    it.each(['4242424242424242', '5555555555554444', '4111111111111111'])(
      '%s is approved (completed)',
      async (number) => {
        const orderId = nextOrder();
        const response = await charge({ card_token: await tokenFor(number), order_id: orderId });
        expect(response.status).toBe(200);
        expect(response.data).toEqual(
          expect.objectContaining({
            success: true,
            id: expect.any(Number),
            orderId,
            referenceId: null,
            price: '10.00',
            currency: 'EUR',
            type: 'payment',
            status: 'completed',
            permanentToken: null,
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
            card: expect.objectContaining({ lastFour: number.slice(-4) }),
            user: expect.objectContaining({ id: userId, identifier: 'card-buyer' }),
          }),
        );
        expect(response.data.acs).toBeUndefined();
        expect(typeof response.data.fee).toBe('string');
      },
    );

    it.each([
      ['4000000000000002', /declined/i],
      ['4000000000009995', /insufficient funds/i],
      ['4000000000000069', /expired/i],
      ['4000000000000127', /security code/i],
      ['4000000000009987', /lost/i],
      ['4000000000009979', /stolen/i],
    ])('%s is declined with 200, success false, status failed', async (number, reason) => {
      const response = await charge({ card_token: await tokenFor(number) });
      expect(response.status).toBe(200);
      expect(response.data).toEqual(
        expect.objectContaining({ success: false, status: 'failed', reason: expect.any(String) }),
      );
      expect(response.data.reason).toMatch(reason);
    });

    it('4000000000000119 is processing and settles to completed within 5 seconds', async () => {
      const response = await charge({ card_token: await tokenFor('4000000000000119') });
      expect(response.status).toBe(200);
      expect(response.data.status).toBe('processing');
      await eventually(
        async () =>
          (await merchant.get('/v1/transaction/status', { id: String(response.data.id) })).data
            .status === 'completed',
        'the processing charge to complete',
        15_000,
        250,
      );
    });

    it('4100000000000019 is refused with 403 40309, by token and by card data', async () => {
      expectError(await charge({ card_token: await tokenFor('4100000000000019') }), 40309);
      expectError(await charge({ card: cardOf('4100000000000019') }), 40309);
    });

    it('4000000000003220 asks for 3-D Secure and completes after a passed challenge', async () => {
      const returnUrl = 'https://shop.example/3ds-return';
      const response = await charge({
        card_token: await tokenFor('4000000000003220'),
        acs_return_url: returnUrl,
      });
      expect(response.status).toBe(200);
      expect(response.data.status).toBe('authenticating');
      expect(response.data.acs).toEqual({
        url: expect.stringMatching(/\/acs\/challenge$/),
        parameters: { PaReq: expect.any(String), MD: expect.any(String), TermUrl: returnUrl },
      });
      const done = await merchant.postForm(
        '/v1/card/authenticate',
        await passChallenge(response.data.acs, '3ds-pass'),
      );
      expect(done.status).toBe(200);
      expect(done.data).toEqual(
        expect.objectContaining({ id: response.data.id, success: true, status: 'completed' }),
      );
      const status = await merchant.get('/v1/transaction/status', { id: String(done.data.id) });
      expect(status.data.status).toBe('completed');
    });

    it('4000000000003220 with a failed challenge ends failed', async () => {
      const response = await charge({ card_token: await tokenFor('4000000000003220') });
      const done = await merchant.postForm(
        '/v1/card/authenticate',
        await passChallenge(response.data.acs, 'wrong-password'),
      );
      expect(done.status).toBe(200);
      expect(done.data).toEqual(expect.objectContaining({ success: false, status: 'failed' }));
    });

    it('4000008400001629 is declined after a passed challenge', async () => {
      const response = await charge({ card_token: await tokenFor('4000008400001629') });
      expect(response.data.status).toBe('authenticating');
      const done = await merchant.postForm(
        '/v1/card/authenticate',
        await passChallenge(response.data.acs, '3ds-pass'),
      );
      expect(done.status).toBe(200);
      expect(done.data).toEqual(expect.objectContaining({ success: false, status: 'failed' }));
    });
  });

  describe('other ways to charge', () => {
    it('charges card data directly, and a User object resolved on the way', async () => {
      const response = await charge({
        card: { ...cardOf('4242424242424242'), holder: 'JANE DOE' },
        user: { identifier: 'object-user', ip: '198.51.100.7', email: 'o@example.com' },
        attr_color: 'blue',
      });
      expect(response.status).toBe(200);
      expect(response.data.status).toBe('completed');
      expect(response.data.user).toEqual(
        expect.objectContaining({ id: expect.any(String), identifier: 'object-user' }),
      );
    });

    it('returns a permanent token when remember=1 and a recurring object when recurring=1', async () => {
      const response = await charge({
        card_token: await tokenFor('4242424242424242'),
        remember: '1',
        recurring: '1',
        recurring_interval: '30',
      });
      expect(response.status).toBe(200);
      expect(response.data.permanentToken).toEqual(expect.any(String));
      expect(response.data.recurring).toEqual({
        frequency: expect.any(Number),
        endsAt: expect.any(String),
      });
    });

    it('refuses remember=1 when the project disabled card remembering (403 40312)', async () => {
      const project = await admin.createProject({ settings: { rememberEnabled: false } });
      const other = new MerchantClient(gateway, project);
      const user = await other.postForm('/v1/user/resolve', { identifier: 'u', ip: '10.0.0.1' });
      // payments learns of a new project from its snapshot: until then it answers 422 42201.
      let response = await charge({ user: user.data.id, card_token: 'x' }, other);
      await eventually(
        async () => {
          const params = { user: user.data.id, remember: '1' };
          response = await charge(
            { ...params, card_token: await tokenFor('4242424242424242', other) },
            other,
          );
          return response.status !== 422;
        },
        'payments to know the new project',
        15_000,
        200,
      );
      expectError(response, 40312);
    });
  });

  describe('card token errors', () => {
    it('answers an unknown token with 404 40402', async () => {
      expectError(await charge({ card_token: 'tok_does_not_exist' }), 40402);
    });

    it('answers a used token with 403 40305', async () => {
      const token = await tokenFor('4242424242424242');
      expect((await charge({ card_token: token })).status).toBe(200);
      expectError(await charge({ card_token: token }), 40305);
    });

    it('lets exactly one of 50 concurrent charges use one temporary token', async () => {
      const token = await tokenFor('4242424242424242');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => charge({ card_token: token })),
      );
      const successes = answers.filter((a) => a.status === 200);
      expect(successes).toHaveLength(1);
      expect(successes[0].data.status).toBe('completed');
      const refusals = answers.filter((a) => a.status !== 200);
      expect(refusals).toHaveLength(49);
      for (const refusal of refusals) expectError(refusal, 40305);
    });
  });

  describe('replay guard on a charge (D3)', () => {
    it('answers an identical signed charge twice with the first answer and one transaction', async () => {
      const orderId = nextOrder();
      const signed = merchant.sign({
        user: userId,
        card_token: await tokenFor('4242424242424242'),
        price: '12.50',
        currency: 'EUR',
        description: 'Twice',
        order_id: orderId,
      });
      const first = await merchant.postForm('/v1/card/process', signed, false);
      const second = await merchant.postForm('/v1/card/process', signed, false);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.data).toEqual(first.data);
      expect(second.headers['idempotent-replayed']).toBe('true');
      const list = await merchant.get('/v1/transactions', { orderId });
      expect(list.status).toBe(200);
      expect(list.data.transactions.map((t: { id: number }) => t.id)).toEqual([first.data.id]);
    });

    it('refuses the same signature with values moved between fields (403 40301)', async () => {
      const signed = merchant.sign({
        user: userId,
        card_token: await tokenFor('4242424242424242'),
        price: '5.00',
        currency: 'EUR',
        description: 'swap-b',
        order_id: 'swap-a',
      });
      expect((await merchant.postForm('/v1/card/process', signed, false)).status).toBe(200);
      const moved = { ...signed, description: 'swap-a', order_id: 'swap-b' };
      expectError(await merchant.postForm('/v1/card/process', moved, false), 40301);
    });
  });

  describe('POST /v1/card/authenticate errors', () => {
    it('answers an unknown MD with 404 40403', async () => {
      expectError(
        await merchant.postForm('/v1/card/authenticate', { PaRes: 'x', MD: 'unknown-md' }),
        40403,
      );
    });

    it('answers a second authentication of a finished charge with 405 40501', async () => {
      const response = await charge({ card_token: await tokenFor('4000000000003220') });
      const fields = await passChallenge(response.data.acs, '3ds-pass');
      expect((await merchant.postForm('/v1/card/authenticate', fields)).status).toBe(200);
      const again = await passChallenge(response.data.acs, '3ds-pass');
      expectError(await merchant.postForm('/v1/card/authenticate', again), 40501);
    });
  });
});
