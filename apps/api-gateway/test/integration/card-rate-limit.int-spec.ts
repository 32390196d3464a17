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
        // A week: no token comes back while a test sends a project's whole allowance.
        CARD_TOKEN_RATE_LIMIT_WINDOW_SECONDS: '604800',
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

  // The limits are project settings (ADR 0015): 3 per IP, 5 per project.
  const smallLimits = { settings: { tokenRateLimitPerIp: 3, tokenRateLimitPerProject: 5 } };

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
    const { publicKey } = await admin.createProject(smallLimits);
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
    const { publicKey } = await admin.createProject(smallLimits);
    for (let i = 0; i < 3; i++) await attempt(publicKey, '198.51.100.3');
    const limited = await attempt(publicKey, '198.51.100.3', { callback: 'onToken' });
    expect(limited.status).toBe(200);
    expect(limited.headers['content-type']).toMatch(/^application\/javascript/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.data).toBe(
      `/**/ typeof onToken === 'function' && onToken({"error":{"code":42901,"message":"Too many requests"}});`,
    );
  });

  /** `count` attempts from one IP, a few at a time; the statuses in order. */
  const burst = async (project: string, ip: string, count: number) => {
    const statuses: number[] = [];
    for (let sent = 0; sent < count; sent += 25) {
      const batch = Array.from({ length: Math.min(25, count - sent) }, () => attempt(project, ip));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    return statuses;
  };

  it('defaults a live project to 120 a minute per IP (ADR 0015), far above the old 30', async () => {
    const { publicKey } = await admin.createProject({ settings: { sandbox: false } });
    const statuses = await burst(publicKey, '198.51.100.10', 120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect((await attempt(publicKey, '198.51.100.10')).data.error.code).toBe(42901);
    // Server-side tokenization: other clients of the shop still get theirs.
    expect((await attempt(publicKey, '198.51.100.11')).status).toBe(400);
  });

  it('gives a sandbox project ten times the defaults: 1200 a minute per IP', async () => {
    const { publicKey } = await admin.createProject({ settings: { sandbox: true } });
    const statuses = await burst(publicKey, '198.51.100.12', 1200);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    expect((await attempt(publicKey, '198.51.100.12')).data.error.code).toBe(42901);
  });

  it('takes the limits from the admin API, at once, and null restores the default', async () => {
    const project = await admin.createProject({ settings: { sandbox: false } });
    const patch = (settings: Record<string, unknown>) =>
      admin.request('PATCH', `/admin/v1/projects/${project.id}`, { settings });
    const set = await patch({ tokenRateLimitPerIp: 2 });
    expect(set.status).toBe(200);
    expect(set.data.settings).toMatchObject({
      tokenRateLimitPerIp: 2,
      tokenRateLimitPerProject: null,
    });
    // Sent at once: which of the three is refused depends on which arrives last.
    const statuses = await burst(project.publicKey, '198.51.100.13', 3);
    expect([...statuses].sort()).toEqual([400, 400, 429]);

    for (const bad of [0, -1, 1.5, 'many', true]) {
      expect((await patch({ tokenRateLimitPerIp: bad })).status).toBe(400);
    }

    expect((await patch({ tokenRateLimitPerIp: null })).data.settings.tokenRateLimitPerIp).toBe(
      null,
    );
    expect((await attempt(project.publicKey, '198.51.100.13')).status).toBe(400);
  });

  it('does not count requests of unknown projects against anyone', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt('pk_unknown', '198.51.100.4')).data.error.code).toBe(40401);
    }
  });

  // ADR 0059: a failed call never frees its claim; the claim stays bound to its parameters,
  // unanswered, and the identical retry takes it over and executes again.
  it('keeps the claim of a request that failed with 503, unanswered, so a retry executes again', async () => {
    const merchant = new MerchantClient(gateway, await admin.createProject());
    const signed = merchant.sign({ identifier: 'retry-after-503', ip: '10.3.3.3' });
    const first = await merchant.postForm('/v1/user/resolve', signed, false);
    expect(first.status).toBe(503);
    expect(first.data.error.code).toBe(50301);
    const db = new Client({ connectionString: stack.databaseUrls['api-gateway'] });
    await db.connect();
    try {
      const rows = await db.query(
        'SELECT status_code, response_body FROM signed_requests WHERE signature = $1',
        [signed.signature],
      );
      expect(rows.rows).toEqual([{ status_code: null, response_body: null }]);
    } finally {
      await db.end();
    }
    const retry = await merchant.postForm('/v1/user/resolve', signed, false);
    expect(retry.status).toBe(503);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});
