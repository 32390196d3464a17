import { createHash } from 'node:crypto';
import * as net from 'node:net';
import type { Stack } from '@opp/local-stack';
import {
  AdminClient,
  eventually,
  MerchantClient,
  queryStackDb,
  startTestStack,
  type MerchantKeys,
} from '@opp/testing';

/** Whether a TCP connection to host:port is accepted ('connected') or refused (its error code). */
function connect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(5_000, () => socket.destroy(new Error('timeout')));
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * The admin surface (ADR 0061): named operator tokens (stored hashed, scoped, revocable; the audit
 * log names the token's operator, whatever the client declares), the listener's address, the
 * audit table's role, the immediate revocation of a rotated key and the admin API's own document.
 */
describe('admin hardening (M5, L7, L8)', () => {
  // The suite's database outlives a run: names of this run only.
  const run = Date.now().toString(36);
  const named = (name: string) => `${name}-${run}`;
  let stack: Stack;
  let bootstrap: AdminClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'admin hardening',
      services: ['api-gateway'],
      // No service behind this gateway: a request past the signature check answers 503 at once.
      extraEnv: { GATEWAY_REQUEST_TIMEOUT_MS: '300' },
    });
    bootstrap = new AdminClient(stack.adminUrl!);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * The audit rows of the calls on one project id, in order. Rows are written once a call is
   * answered, so a call of an earlier test may land late: each test reads its own target only.
   */
  const auditOf = async (projectId: number) =>
    (
      await queryStackDb<{ actor: string; method: string; status: number }>(
        stack,
        'api-gateway',
        `SELECT actor, method, status FROM audit.admin_audit_log
         WHERE route = '/admin/v1/projects/:id' AND target->>'id' = $1 ORDER BY id`,
        [String(projectId)],
      )
    ).map((row) => `${row.method} ${row.status} ${row.actor}`);
  /** A project id no project has, and no other call of this run names. */
  const unusedProjectId = () => 900_000_000 + Math.floor(Math.random() * 99_999_999);

  it('binds the admin listener to loopback by default (ADMIN_HOST)', async () => {
    const port = Number(new URL(stack.adminUrl!).port);
    expect(await connect('127.0.0.1', port)).toBe('connected');
    // Another loopback address reaches a socket bound to 0.0.0.0, not one bound to 127.0.0.1.
    expect(await connect('127.0.0.2', port)).toBe('ECONNREFUSED');
  });

  it('answers a new token once and keeps only its SHA-256', async () => {
    const issued = await bootstrap.request('POST', '/admin/v1/operators', {
      name: named('carol'),
      scope: 'read',
    });
    expect(issued.status).toBe(201);
    expect(issued.data).toEqual({
      name: named('carol'),
      scope: 'read',
      createdBy: 'bootstrap',
      createdAt: expect.any(String),
      revokedAt: null,
      token: expect.stringMatching(/^opt_[\w-]{43}$/),
    });
    const token = issued.data.token as string;
    const rows = await queryStackDb<Record<string, unknown>>(
      stack,
      'api-gateway',
      `SELECT * FROM admin_operators WHERE name = $1`,
      [named('carol')],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_sha256).toEqual(createHash('sha256').update(token).digest());
    expect(JSON.stringify(Object.values(rows[0]))).not.toContain(token);

    const listed = await bootstrap.request('GET', '/admin/v1/operators');
    expect(listed.status).toBe(200);
    const carol = (listed.data.operators as Record<string, unknown>[]).find(
      (operator) => operator.name === named('carol'),
    );
    expect(carol).toEqual({ ...issued.data, token: undefined });
    expect(JSON.stringify(listed.data)).not.toContain(token);
  });

  it('lets a read token look but not change (403 40320); a write token does both', async () => {
    const reader = await bootstrap.operator(named('rita'), 'read');
    const writer = await bootstrap.operator(named('walt'), 'write');
    const project = await writer.createProject({ name: 'Written by walt' });
    const read = await reader.request('GET', `/admin/v1/projects/${project.id}`);
    expect([read.status, read.data.name]).toEqual([200, 'Written by walt']);
    for (const [method, path, body] of [
      ['POST', '/admin/v1/projects', { name: 'Not allowed' }],
      ['PATCH', `/admin/v1/projects/${project.id}`, { name: 'Renamed' }],
      ['POST', `/admin/v1/projects/${project.id}/rotate-keys`, {}],
      ['POST', '/admin/v1/operators', { name: named('escalated'), scope: 'write' }],
      ['DELETE', `/admin/v1/operators/${named('walt')}`, undefined],
    ] as const) {
      const refused = await reader.request(method, path, body);
      expect([method, path, refused.status, refused.data]).toEqual([
        method,
        path,
        403,
        { error: { code: 40320, message: 'Operator token lacks the write scope' } },
      ]);
    }
    const unchanged = await reader.request('GET', `/admin/v1/projects/${project.id}`);
    expect(unchanged.data.name).toBe('Written by walt');
    expect((await writer.request('GET', '/admin/v1/operators')).status).toBe(200);
  });

  it('refuses a revoked token at once (401 40103) and lets the name be issued again', async () => {
    const target = `/admin/v1/projects/${unusedProjectId()}`;
    const dora = await bootstrap.operator(named('dora'), 'write');
    expect((await dora.request('GET', '/admin/v1/operators')).status).toBe(200);
    expect((await dora.request('GET', target)).status).toBe(404);
    const revoked = await bootstrap.request('DELETE', `/admin/v1/operators/${named('dora')}`);
    expect(revoked.status).toBe(204);
    const refused = await dora.request('GET', '/admin/v1/operators');
    expect([refused.status, refused.data.error.code]).toEqual([401, 40103]);
    expect((await dora.request('GET', target)).status).toBe(401);
    expect((await bootstrap.request('DELETE', `/admin/v1/operators/${named('dora')}`)).status).toBe(
      404,
    );

    const again = await bootstrap.operator(named('dora'), 'read');
    expect((await again.request('GET', '/admin/v1/operators')).status).toBe(200);
    expect((await dora.request('GET', '/admin/v1/operators')).status).toBe(401);
    expect((await again.request('GET', target)).status).toBe(404);
    const id = Number(target.split('/').pop());
    await eventually(async () => (await auditOf(id)).length >= 3, 'the audit rows of the calls');
    expect(await auditOf(id)).toEqual([
      `GET 404 ${named('dora')}`,
      'GET 401 unauthenticated',
      `GET 404 ${named('dora')}`,
    ]);
  });

  it('refuses a second active token of one name, reserved names and unknown scopes', async () => {
    await bootstrap.operator(named('erin'), 'read');
    for (const body of [
      { name: named('erin'), scope: 'read' },
      { name: 'bootstrap', scope: 'write' },
      { name: 'unauthenticated', scope: 'read' },
      { name: named('frank'), scope: 'admin' },
      { name: 'Has Spaces', scope: 'read' },
    ]) {
      const refused = await bootstrap.request('POST', '/admin/v1/operators', body);
      expect([body, refused.status, refused.data.error.code]).toEqual([body, 400, 40017]);
    }
  });

  it('takes the audit actor from the token, never from X-Admin-Actor', async () => {
    const id = unusedProjectId();
    const gina = await bootstrap.operator(named('gina'), 'write');
    for (const [token, declared] of [
      ['dev-admin-token', 'alice'],
      [gina.token, 'mallory'],
    ]) {
      const answer = await fetch(`${stack.adminUrl}/admin/v1/projects/${id}`, {
        headers: { authorization: `Bearer ${token}`, 'x-admin-actor': declared },
      });
      expect(answer.status).toBe(404);
    }
    await eventually(async () => (await auditOf(id)).length >= 2, 'the audit rows of the calls');
    expect(await auditOf(id)).toEqual(['GET 404 bootstrap', `GET 404 ${named('gina')}`]);
  });

  describe('key rotation (L8)', () => {
    let calls = 0;
    /** 403 40301 when the key no longer verifies; 503 once past the signature (no service). */
    const signedWith = async (keys: MerchantKeys) => {
      calls += 1;
      const answer = await new MerchantClient(stack.gatewayUrl!, keys).postForm(
        '/v1/user/resolve',
        {
          identifier: `rotating-${calls}`,
          ip: '10.0.0.1',
        },
      );
      return answer.status === 403 ? `403 ${answer.data.error.code}` : `${answer.status}`;
    };
    const rotate = async (id: number, body?: object) => {
      const answer = await bootstrap.request('POST', `/admin/v1/projects/${id}/rotate-keys`, body);
      expect(answer.status).toBe(200);
      return answer.data as MerchantKeys & { previousKeyExpiresAt: string | null };
    };

    it('keeps the old key verifying for the grace period; a second rotation discards it', async () => {
      const first = await bootstrap.createProject();
      const second = await rotate(first.id);
      expect(Date.parse(second.previousKeyExpiresAt!) - Date.now()).toBeGreaterThan(23 * 3600_000);
      expect([await signedWith(first), await signedWith(second)]).toEqual(['503', '503']);
      const third = await rotate(first.id, {});
      expect([await signedWith(first), await signedWith(second), await signedWith(third)]).toEqual([
        '403 40301',
        '503',
        '503',
      ]);
    });

    it('revokes the old key at once with revokePrevious', async () => {
      const first = await bootstrap.createProject();
      const second = await rotate(first.id, { revokePrevious: true });
      expect(second.previousKeyExpiresAt).toBeNull();
      expect(second.publicKey).toBe(first.publicKey);
      expect([await signedWith(first), await signedWith(second)]).toEqual(['403 40301', '503']);
      const read = await bootstrap.request('GET', `/admin/v1/projects/${first.id}`);
      expect(read.data.previousKeyExpiresAt).toBeNull();
    });

    it('refuses a revokePrevious that is not a boolean', async () => {
      const { id } = await bootstrap.createProject();
      const refused = await bootstrap.request('POST', `/admin/v1/projects/${id}/rotate-keys`, {
        revokePrevious: 'yes',
      });
      expect([refused.status, refused.data.error.code]).toEqual([400, 40017]);
    });
  });

  describe('OpenAPI documents (L7)', () => {
    const pathsAt = async (url: string) => {
      const answer = await fetch(url);
      expect([url, answer.status]).toEqual([url, 200]);
      return Object.keys(((await answer.json()) as { paths: object }).paths);
    };

    it('serves the public document without the admin API or /metrics', async () => {
      const paths = await pathsAt(`${stack.gatewayUrl}/docs-json`);
      expect(paths).toContain('/v1/card/process');
      expect(paths.filter((route) => /^\/(admin|metrics)/.test(route))).toEqual([]);
    });

    it('serves the admin API and /metrics in their own document, on the admin listener only', async () => {
      const paths = await pathsAt(`${stack.adminUrl}/admin/docs-json`);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/admin/v1/operators',
          '/admin/v1/projects/{id}/rotate-keys',
          '/metrics',
        ]),
      );
      expect(paths.filter((route) => !/^\/(admin|metrics)/.test(route))).toEqual([]);
      expect((await fetch(`${stack.gatewayUrl}/admin/docs-json`)).status).toBe(404);
    });
  });
});
