import { generateSealingKeyPair } from '@opp/crypto';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import * as qs from 'qs';
import { findFreePort, startService, type Stack } from '@opp/local-stack';
import { AdminClient, eventually, MerchantClient, startTestStack } from '@opp/testing';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A plain request that can leave from a chosen loopback address (127.0.0.2 is not a trusted proxy). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error(`timeout: ${url}`)));
    request.on('error', reject);
    request.end();
  });
}

const NOT_FOUND = { error: { code: 40408, message: 'Resource not found' } };

/**
 * The gateway's edge rules (docs/security/edge-rules.md): the admin API on its own listener,
 * X-Forwarded-For believed only from configured proxies, the admin token's rate limit and audit
 * log, and the production refusals of development secrets.
 */
describe('gateway edge rules', () => {
  let stack: Stack;
  let gateway: string;
  let adminUrl: string;
  let admin: AdminClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'gateway edge rules',
      services: ['api-gateway'],
      extraEnv: {
        // Not the development literal: the production start below reuses it, and the gateway
        // refuses to start without a KEK that stored rows use (docs/security/key-hierarchy.md).
        MERCHANT_SECRETS_KEKS: `edge-kek:${Buffer.alloc(32, 7).toString('base64')}`,
        TRUSTED_PROXIES: '127.0.0.1',
        ADMIN_RATE_LIMIT_PER_MINUTE: '20',
        CARD_TOKEN_RATE_LIMIT_WINDOW_SECONDS: '600',
        // No service behind this gateway: a request past its guards answers 503 at once.
        GATEWAY_REQUEST_TIMEOUT_MS: '300',
      },
    });
    gateway = stack.gatewayUrl!;
    adminUrl = stack.adminUrl!;
    // A named operator token: the audit log names its operator (ADR 0061).
    admin = await new AdminClient(adminUrl).operator('alice', 'write');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('the admin listener', () => {
    it('serves the admin API on ADMIN_PORT only: the public port answers 404 in the envelope', async () => {
      const headers = { authorization: 'Bearer dev-admin-token' };
      const onAdmin = await send(`${adminUrl}/admin/v1/projects/1`, { headers });
      expect(onAdmin.status).toBe(404);
      expect(JSON.parse(onAdmin.body).error.code).toBe(40401);

      for (const route of [
        '/admin/v1/projects/1',
        '/%61dmin/v1/projects/1',
        '/admin/v1/partners',
      ]) {
        const onPublic = await send(`${gateway}${route}`, {
          method: route.endsWith('partners') ? 'POST' : 'GET',
          headers,
        });
        expect([route, onPublic.status, JSON.parse(onPublic.body)]).toEqual([
          route,
          404,
          NOT_FOUND,
        ]);
      }
    });

    it('serves no public route on ADMIN_PORT, and health on both', async () => {
      const project = await admin.createProject();
      const query = qs.stringify({ project: project.publicKey, number: '4242424242424241' });
      const publicOnAdmin = await send(`${adminUrl}/v1/card/getToken?${query}`);
      expect([publicOnAdmin.status, JSON.parse(publicOnAdmin.body)]).toEqual([404, NOT_FOUND]);
      expect((await send(`${adminUrl}/docs-json`)).status).toBe(404);
      expect((await send(`${gateway}/docs-json`)).status).toBe(200);
      for (const base of [gateway, adminUrl]) {
        expect((await send(`${base}/health/live`)).status).toBe(200);
      }
    });
  });

  describe('client address', () => {
    const getToken = (publicKey: string, options: { forwardedFor: string; from?: string }) =>
      send(
        `${gateway}/v1/card/getToken?${qs.stringify({
          project: publicKey,
          number: '4242424242424241',
          expiration_month: '12',
          expiration_year: '2040',
          security_code: '123',
        })}`,
        { headers: { 'x-forwarded-for': options.forwardedFor }, from: options.from },
      );

    // The per-IP limit is a project setting (ADR 0015): 2 here.
    const limited = { settings: { tokenRateLimitPerIp: 2, tokenRateLimitPerProject: 1000 } };

    it('believes X-Forwarded-For from a trusted proxy: each client has its own allowance', async () => {
      const { publicKey } = await admin.createProject(limited);
      const statuses = [];
      for (let i = 1; i <= 4; i++) {
        statuses.push((await getToken(publicKey, { forwardedFor: `198.51.100.${i}` })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 400]);
    });

    it('ignores X-Forwarded-For from anyone else, so rotating it does not bypass the per-IP limit', async () => {
      const { publicKey } = await admin.createProject(limited);
      const statuses = [];
      for (let i = 1; i <= 4; i++) {
        const answer = await getToken(publicKey, {
          forwardedFor: `203.0.113.${i}`,
          from: '127.0.0.2',
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([400, 400, 429, 429]);
    });
  });

  describe('the admin token', () => {
    it('refuses missing, wrong and differently sized tokens with 401, never a crash', async () => {
      const project = `${adminUrl}/admin/v1/projects/1`;
      const missing = await send(project);
      expect([missing.status, JSON.parse(missing.body).error.code]).toEqual([401, 40102]);
      for (const token of ['dev-admin-tokeN', 'x', 'dev-admin-token-and-more', 'é'.repeat(300)]) {
        const wrong = await send(project, { headers: { authorization: `Bearer ${token}` } });
        expect([token, wrong.status, JSON.parse(wrong.body).error.code]).toEqual([
          token,
          401,
          40103,
        ]);
      }
    });

    it('is rate-limited per client address with 429 42901 and Retry-After', async () => {
      const call = (client: string) =>
        send(`${adminUrl}/admin/v1/projects/1`, {
          headers: { authorization: 'Bearer wrong-token', 'x-forwarded-for': client },
        });
      const statuses = [];
      for (let i = 0; i < 21; i++) statuses.push((await call('192.0.2.10')).status);
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      const limited = await call('192.0.2.10');
      expect([limited.status, JSON.parse(limited.body).error.code]).toEqual([429, 42901]);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await call('192.0.2.11')).status).toBe(401);
    });
  });

  describe('the audit log', () => {
    const auditRows = async (sql: string, params: unknown[]) => {
      const db = new Client({ connectionString: stack.databaseUrls['api-gateway'] });
      await db.connect();
      try {
        return (await db.query(sql, params)).rows as Record<string, unknown>[];
      } finally {
        await db.end();
      }
    };

    it('records every admin action: who, what, the target, the outcome, when', async () => {
      const before = new Date();
      const project = await admin.createProject({ name: 'Audited shop' });
      const patched = await admin.request('PATCH', `/admin/v1/projects/${project.id}`, {
        settings: { force3ds: true },
      });
      expect(patched.status).toBe(200);
      const refused = await new AdminClient(adminUrl, 'a-wrong-token').request(
        'GET',
        `/admin/v1/projects/${project.id}`,
      );
      expect(refused.status).toBe(401);

      const rows = async () =>
        auditRows(
          `SELECT actor, client_ip, method, route, target, status, at FROM audit.admin_audit_log
           WHERE at >= $1 AND (target->>'id' = $2 OR route = '/admin/v1/projects')
           ORDER BY at, id`,
          [before, String(project.id)],
        );
      await eventually(async () => (await rows()).length >= 3, 'three audit rows');
      const found = (await rows()).filter((row) => row.actor !== 'alice' || row.method !== 'GET');
      expect(found.map(({ at: _at, ...row }) => row)).toEqual([
        expect.objectContaining({
          actor: 'alice',
          method: 'POST',
          route: '/admin/v1/projects',
          status: 201,
        }),
        {
          actor: 'alice',
          client_ip: '127.0.0.1',
          method: 'PATCH',
          route: '/admin/v1/projects/:id',
          target: { id: String(project.id) },
          status: 200,
        },
        {
          actor: 'unauthenticated',
          client_ip: '127.0.0.1',
          method: 'GET',
          route: '/admin/v1/projects/:id',
          target: { id: String(project.id) },
          status: 401,
        },
      ]);
      expect(found.every((row) => (row.at as Date) >= before)).toBe(true);
    });

    it('is append-only: the database refuses to change or delete a row', async () => {
      await admin.createProject();
      for (const sql of [
        `UPDATE audit.admin_audit_log SET actor = 'mallory'`,
        `DELETE FROM audit.admin_audit_log`,
        `TRUNCATE audit.admin_audit_log`,
      ]) {
        await expect(auditRows(sql, [])).rejects.toThrow(/append-only/);
      }
    });
  });

  describe('expiring signatures (D18)', () => {
    const user = { identifier: 'd18-user', ip: '10.0.0.1' };
    const now = () => Math.floor(Date.now() / 1000);

    it('requires a signed, fresh timestamp from a project with requireTimestamp', async () => {
      const keys = await admin.createProject({ settings: { requireTimestamp: true } });
      const merchant = new MerchantClient(gateway, keys);
      const resolve = (params: Record<string, unknown>) =>
        merchant.postForm('/v1/user/resolve', params);

      const missing = await resolve(user);
      expect([missing.status, missing.data.error.code]).toEqual([400, 40017]);
      expect(missing.data.error.message).toMatch(/timestamp/);
      // Well past the 300 s window, so the seconds the requests take cannot bring a timestamp from
      // ahead back into it; the exact boundary is unit-tested (signed-request.guard.spec.ts).
      for (const stale of [now() - 360, now() + 360]) {
        const expired = await resolve({ ...user, timestamp: String(stale) });
        expect([stale, expired.status, expired.data]).toEqual([
          stale,
          403,
          { error: { code: 40303, message: 'Authentication token expired' } },
        ]);
      }
      // A timestamp added after signing is not covered by the signature.
      const signed = merchant.sign(user);
      const unsigned = await merchant.postForm(
        '/v1/user/resolve',
        { ...signed, timestamp: String(now()) },
        false,
      );
      expect([unsigned.status, unsigned.data.error.code]).toEqual([403, 40301]);
      // Fresh and signed: past the guard (nothing behind this gateway answers: 503).
      const fresh = await resolve({ ...user, timestamp: String(now() - 5) });
      expect([fresh.status, fresh.data.error.code]).toEqual([503, 50301]);
    });

    it('leaves projects without the setting as they were (opt-in)', async () => {
      const merchant = new MerchantClient(gateway, await admin.createProject());
      const answer = await merchant.postForm('/v1/user/resolve', user);
      expect([answer.status, answer.data.error.code]).toEqual([503, 50301]);
    });
  });

  describe('production refusals', () => {
    const startInProduction = async (changes: Record<string, string | undefined>) => {
      const port = await findFreePort();
      const adminPort = await findFreePort();
      const handle = await startService({
        name: 'api-gateway',
        port,
        env: {
          ...stack.envFor('api-gateway'),
          NODE_ENV: 'production',
          ADMIN_TOKEN: 'a-production-admin-token',
          SECRETS_KEYS: `k1:${Buffer.alloc(32, 9).toString('base64')}`,
          ADMIN_PORT: String(adminPort),
          CARD_DATA_PUBLIC_KEY: generateSealingKeyPair('edge').publicKey,
          HOSTED_PAGE_KEYS: `hp1:${Buffer.alloc(32, 6).toString('base64')}`,
          ...changes,
        },
        logFile: path.join(os.tmpdir(), `opp-edge-rules-${port}.log`),
        readyTimeoutMs: 30_000,
      });
      return { handle, adminUrl: `http://127.0.0.1:${adminPort}` };
    };

    it('refuses to start with the development admin token or without ADMIN_PORT (exit 78)', async () => {
      await expect(startInProduction({ ADMIN_TOKEN: 'dev-admin-token' })).rejects.toThrow(
        /exited \(code 78\)[\s\S]*ADMIN_TOKEN is the development value/,
      );
      await expect(startInProduction({ ADMIN_PORT: undefined })).rejects.toThrow(
        /exited \(code 78\)[\s\S]*ADMIN_PORT is required/,
      );
    });

    it('starts with production secrets and serves admin calls on ADMIN_PORT only', async () => {
      const production = await startInProduction({});
      try {
        const headers = { authorization: 'Bearer a-production-admin-token' };
        const onPublic = await send(`${production.handle.url}/admin/v1/projects/999999`, {
          headers,
        });
        expect([onPublic.status, JSON.parse(onPublic.body)]).toEqual([404, NOT_FOUND]);
        const onAdmin = await send(`${production.adminUrl}/admin/v1/projects/999999`, { headers });
        expect([onAdmin.status, JSON.parse(onAdmin.body).error.code]).toEqual([404, 40401]);
      } finally {
        await production.handle.stop();
      }
    });
  });
});
