import axios from 'axios';
import * as qs from 'qs';
import { Client } from 'pg';
import type { Stack } from '@opp/local-stack';
import { AdminClient, MerchantClient, startTestStack } from '@opp/testing';

/**
 * The gateway alone (no services behind it): the card-token rate limit, which acts before any
 * service is asked, and the replay guard's handling of a 5xx answer (no service answers in time).
 */
describe('card-token rate limit and replay guard after a 5xx', () => {
  let stack: Stack;
  let gateway: string;
  let admin: AdminClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'card rate limit',
      services: ['api-gateway'],
      extraEnv: {
        CARD_TOKEN_RATE_LIMIT_PER_IP: '3',
        CARD_TOKEN_RATE_LIMIT_PER_PROJECT: '5',
        CARD_TOKEN_RATE_LIMIT_WINDOW_SECONDS: '600',
        GATEWAY_REQUEST_TIMEOUT_MS: '500',
        // The test client stands in for the proxy: its X-Forwarded-For names the client.
        TRUSTED_PROXIES: '127.0.0.1,::1',
      },
    });
    gateway = stack.gatewayUrl!;
    admin = new AdminClient(gateway);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  // A card the gateway refuses itself (Luhn): every attempt counts against the limit.
  const attempt = (project: string, ip: string, extra: Record<string, string> = {}) =>
    axios.get(`${gateway}/v1/card/getToken`, {
      params: {
        project,
        number: '4242424242424241',
        expiration_month: '12',
        expiration_year: '2040',
        security_code: '123',
        ...extra,
      },
      paramsSerializer: (p: Record<string, unknown>) => qs.stringify(p),
      headers: { 'x-forwarded-for': ip },
      validateStatus: () => true,
      timeout: 15_000,
    });

  it('limits per client IP and project, then per project, with 429 42901 and Retry-After', async () => {
    const { publicKey } = await admin.createProject();
    const fromA = [];
    for (let i = 0; i < 4; i++) fromA.push(await attempt(publicKey, '198.51.100.1'));
    expect(fromA.map((r) => r.status)).toEqual([400, 400, 400, 429]);
    expect(fromA[3].data).toEqual({ error: { code: 42901, message: 'Too many requests' } });
    expect(Number(fromA[3].headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Another IP has its own allowance, until the project's 5 are used up.
    const fromB = [];
    for (let i = 0; i < 3; i++) fromB.push(await attempt(publicKey, '198.51.100.2'));
    expect(fromB.map((r) => r.status)).toEqual([400, 400, 429]);
    expect(fromB[2].data.error.code).toBe(42901);

    // Another project is not affected.
    const other = await admin.createProject();
    expect((await attempt(other.publicKey, '198.51.100.1')).status).toBe(400);
  });

  it('answers a JSONP request over the limit through the callback, Retry-After kept', async () => {
    const { publicKey } = await admin.createProject();
    for (let i = 0; i < 3; i++) await attempt(publicKey, '198.51.100.3');
    const limited = await attempt(publicKey, '198.51.100.3', { callback: 'onToken' });
    expect(limited.status).toBe(200);
    expect(limited.headers['content-type']).toMatch(/^application\/javascript/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.data).toBe(
      `/**/ typeof onToken === 'function' && onToken({"error":{"code":42901,"message":"Too many requests"}});`,
    );
  });

  it('does not count requests of unknown projects against anyone', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt('pk_unknown', '198.51.100.4')).data.error.code).toBe(40401);
    }
  });

  it('forgets a signature whose request failed with 503, so a retry executes again', async () => {
    const merchant = new MerchantClient(gateway, await admin.createProject());
    const signed = merchant.sign({ identifier: 'retry-after-503', ip: '10.3.3.3' });
    const first = await merchant.postForm('/v1/user/resolve', signed, false);
    expect(first.status).toBe(503);
    expect(first.data.error.code).toBe(50301);
    const db = new Client({ connectionString: stack.databaseUrls['api-gateway'] });
    await db.connect();
    try {
      const rows = await db.query('SELECT 1 FROM signed_requests WHERE signature = $1', [
        signed.signature,
      ]);
      expect(rows.rowCount).toBe(0);
    } finally {
      await db.end();
    }
    const retry = await merchant.postForm('/v1/user/resolve', signed, false);
    expect(retry.status).toBe(503);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});
