import { once } from 'node:events';
import * as http from 'node:http';
import * as net from 'node:net';
import { signValues } from '@opp/sdk';
import { eventually } from '@opp/testing';
import { expectError, openCardSession, type CardSession } from '../support/card-session';

interface Answer {
  status: number;
  body: string;
  // Tests read bodies loosely on purpose.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Exactly these bytes on the wire: no client library re-encodes the path, headers or body. */
function raw(
  base: string,
  path: string,
  options: { method?: string; body?: string; type?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(options.body === undefined
            ? {}
            : { 'content-type': options.type ?? 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, body, json });
        });
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error(`timeout: ${path}`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

const envelope = (answer: Answer, code: number) => {
  expect({ status: answer.status, body: answer.json }).toEqual({
    status: Math.floor(code / 100),
    body: { error: { code, message: expect.any(String) } },
  });
};

/**
 * Issue 7 items 6 and 7 at the gateway edge: what third-party PHP SDKs send (ADR 0003 float
 * rendering, encoded slashes, the deprecated card.type) and bad input of every kind (ADR 0016),
 * answered at once with a 4xx envelope that repeats nothing of the request.
 */
describe('merchant wire compatibility and bad input', () => {
  let session: CardSession;
  let gateway: string;
  let merchant: CardSession['merchant'];

  beforeAll(async () => {
    session = await openCardSession('merchant wire');
    ({ gateway, merchant } = session);
  });

  afterAll(async () => {
    await session?.stack.stop();
  });

  /** A JSON body written by hand, signed over the values a PHP client renders for it. */
  const signedJson = (fields: string, values: string[]) => {
    const { publicKey, privateKey } = merchant.keys;
    const signature = signValues([publicKey, ...values], privateKey);
    return `{"project":${JSON.stringify(publicKey)},${fields},"signature":"${signature}"}`;
  };

  describe('wire compatibility (ADR 0003, ADR 0016)', () => {
    it('signs and charges a JSON float as PHP renders it: 3.3000000000000003 is 3.30', async () => {
      const response = await merchant.postJson('/v1/card/process', {
        user: session.userId,
        card_token: await session.tokenFor('4242424242424242'),
        price: 3.3000000000000003,
        currency: 'EUR',
        description: 'PHP float',
        order_id: session.nextOrder(),
      });
      expect(response.status).toBe(200);
      expect(response.data).toMatchObject({ success: true, status: 'completed', price: '3.30' });
    });

    it('reads a JSON integer literal exactly, past what a double holds', async () => {
      const body = signedJson('"identifier":9007199254740993,"ip":"10.0.0.1"', [
        '9007199254740993',
        '10.0.0.1',
      ]);
      const answer = await raw(gateway, '/v1/user/resolve', { body });
      expect(answer.status).toBe(200);
      // The same user as the identifier sent as text; a double would have read ...992.
      const asText = { identifier: '9007199254740993', ip: '10.0.0.1' };
      const rounded = { identifier: '9007199254740992', ip: '10.0.0.1' };
      expect((await merchant.postForm('/v1/user/resolve', asText)).data.id).toBe(answer.json.id);
      expect((await merchant.postForm('/v1/user/resolve', rounded)).data.id).not.toBe(
        answer.json.id,
      );
    });

    it('routes /v1 paths whose slashes arrive encoded as if decoded', async () => {
      const user = { identifier: 'encoded-slash', ip: '10.0.0.2' };
      const { id } = (await merchant.postForm('/v1/user/resolve', user)).data;
      expect(id).toEqual(expect.any(String));
      for (const path of ['/v1/user%2Fresolve', '/v1/user%2fresolve', '/v1%2Fuser%2Fresolve']) {
        // A fresh signature each time: a repeated one would be answered by the replay guard.
        const body = JSON.stringify(merchant.sign({ ...user, nonce: path }));
        const answer = await raw(gateway, path, { body });
        expect([path, answer.status, answer.json]).toEqual([path, 200, { id }]);
      }
    });

    it('keeps sending the deprecated card.type, equal to card.scheme', async () => {
      const token = await merchant.sdk.getToken(session.cardOf('4242424242424242'));
      expect(token.card).toEqual(expect.objectContaining({ type: expect.any(String) }));
      expect(token.card.type).toBe(token.card.scheme);
      const paid = await session.charge({ card_token: token.id });
      expect(paid.data.card.type).toBe(paid.data.card.scheme);
      const one = await merchant.get(`/v1/transactions/${paid.data.id}`, {
        id: String(paid.data.id),
      });
      expect(one.status).toBe(200);
      expect(one.data.card.type).toBe(paid.data.card.scheme);
    });
  });

  describe('bad input (ADR 0016)', () => {
    it.each([
      ['a NUL character', '"identifier":"a\\u0000b","ip":"10.0.0.1"', ['a\u0000b', '10.0.0.1']],
      ['a lone high surrogate', '"identifier":"a\\ud800","ip":"10.0.0.1"', ['a\ud800', '10.0.0.1']],
      ['a lone low surrogate', '"identifier":"\\udc00b","ip":"10.0.0.1"', ['\udc00b', '10.0.0.1']],
      [
        'a NUL in a nested field',
        '"identifier":"u","ip":"10.0.0.1","x":{"y":["\\u0000"]}',
        ['u', '10.0.0.1', '\u0000'],
      ],
    ])(
      'refuses %s in a JSON field with 400 40017, signed or not',
      async (_what, fields, values) => {
        const answer = await raw(gateway, '/v1/user/resolve', { body: signedJson(fields, values) });
        envelope(answer, 40017);
        expect(answer.json.error.message).toMatch(/NUL character or an unpaired surrogate/);
      },
    );

    it('refuses a NUL in a form field and in a query parameter', async () => {
      const form = new URLSearchParams(
        merchant.sign({ identifier: 'a\u0000b', ip: '10.0.0.1' }) as Record<string, string>,
      );
      envelope(
        await raw(gateway, '/v1/user/resolve', {
          body: form.toString(),
          type: 'application/x-www-form-urlencoded',
        }),
        40017,
      );
      const query = `project=${merchant.keys.publicKey}&number=4242424242424242%00&expiration_month=12`;
      envelope(await raw(gateway, `/v1/card/getToken?${query}`), 40017);
    });

    it.each([
      ['true', 'true', ['1']],
      ['false', 'false', ['']],
      ['an object', '{"amount":"10.00"}', ['10.00']],
      ['an array', '["10.00"]', ['10.00']],
    ])('refuses %s as price with 400 40017, never charging it', async (_what, price, values) => {
      const card = await session.tokenFor('4242424242424242');
      const fields = `"user":"${session.userId}","card_token":"${card}","currency":"EUR","price":${price}`;
      const answer = await raw(gateway, '/v1/card/process', {
        body: signedJson(fields, [session.userId, card, 'EUR', ...values]),
      });
      envelope(answer, 40017);
      expect(answer.json.error.message).toMatch(/price/);
    });

    it('refuses an ip that is not an IPv4 or IPv6 address', async () => {
      for (const ip of ['not-an-ip', '300.1.1.1', '10.0.0.1, 10.0.0.2']) {
        expectError(
          await merchant.postForm('/v1/user/resolve', { identifier: 'bad-ip', ip }),
          40017,
        );
      }
      const ok = await merchant.postForm('/v1/user/resolve', {
        identifier: 'v6',
        ip: '2001:db8::1',
      });
      expect(ok.status).toBe(200);
    });

    it('refuses JSON nested deeper than 32 levels or with more than 1,000 values', async () => {
      const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      envelope(await raw(gateway, '/v1/user/resolve', { body: deep }), 40017);
      const wide = JSON.stringify({ identifier: 'x', ip: '10.0.0.1', a: Array(1001).fill('v') });
      envelope(await raw(gateway, '/v1/user/resolve', { body: wide }), 40017);
    });

    it('answers over-long URLs with 414 41401 and headers with 431 43101, in the envelope', async () => {
      const longUrl = await raw(gateway, `/v1/card/getToken?number=${'4'.repeat(9000)}`);
      envelope(longUrl, 41401);
      const longHeader = await raw(gateway, '/v1/card/getToken?number=4242424242424242', {
        headers: { 'x-filler': 'y'.repeat(20_000) },
      });
      envelope(longHeader, 43101);
      const tooLarge = await raw(gateway, '/v1/user/resolve', {
        body: JSON.stringify({ identifier: 'x'.repeat(2 * 1024 * 1024) }),
      });
      envelope(tooLarge, 41301);
    });

    it('answers 413 to a client still uploading, then reads and drops the rest of its body', async () => {
      const { hostname, port } = new URL(gateway);
      const socket = net.connect(Number(port), hostname);
      await once(socket, 'connect');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const errors: Error[] = [];
      socket.on('error', (error) => errors.push(error));
      try {
        const size = 6 * 1024 * 1024;
        socket.write(
          'POST /v1/user/resolve HTTP/1.1\r\nHost: gateway\r\n' +
            `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
        );
        socket.write(Buffer.alloc(64 * 1024, 0x20));
        // Refused by its declared length, before the server read the body.
        await eventually(() => received.includes('41301'), 'the 413 while still uploading');
        expect(received).not.toMatch(/^connection: close/im);
        // The rest of the body still goes through, and the connection answers the next request:
        // without the lingering close the server resets it, and the client never reads on.
        socket.write(Buffer.alloc(size - 64 * 1024, 0x20));
        socket.write('GET /v1/nowhere HTTP/1.1\r\nHost: gateway\r\n\r\n');
        await eventually(
          () => received.includes('40408') || errors.length > 0,
          'the answer to the next request on the connection',
        );
        expect(errors).toEqual([]);
        expect(received).toContain('40408');
      } finally {
        socket.destroy();
      }
    });

    it('never repeats the URL, query or body in an error message', async () => {
      const secret = '4242424242424242';
      const unknown = await raw(gateway, `/v1/nowhere?card[number]=${secret}&card[cvc]=987`);
      expect(unknown.json).toEqual({ error: { code: 40408, message: 'Resource not found' } });
      const badJson = await raw(gateway, '/v1/user/resolve', { body: `{"number":"${secret}"` });
      envelope(badJson, 40017);
      for (const answer of [unknown, badJson]) {
        expect(answer.body).not.toContain(secret);
        expect(answer.body).not.toContain('987');
        expect(answer.body).not.toContain('nowhere');
      }
    });
  });
});
