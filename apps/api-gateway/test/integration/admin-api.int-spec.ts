import type { Stack } from '@opp/local-stack';
import { AdminClient, MerchantClient, startTestStack } from '@opp/testing';

describe('admin API: projects, partners, keys (D2)', () => {
  let stack: Stack;
  let admin: AdminClient;

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'admin api',
      services: ['api-gateway', 'users-recurring'],
    });
    admin = new AdminClient(stack.gatewayUrl!);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 401 without the admin token or with a wrong one', async () => {
    const none = await fetch(`${stack.adminUrl}/admin/v1/projects/1`);
    expect(none.status).toBe(401);
    const wrong = await new AdminClient(stack.gatewayUrl!, 'not-the-token').request(
      'GET',
      '/admin/v1/projects/1',
    );
    expect(wrong.status).toBe(401);
    expect(wrong.data.error.code).toBe(40103);
  });

  it('creates a project with defaults for the settings not given, and never shows the key again', async () => {
    const created = await admin.request('POST', '/admin/v1/projects', {
      name: 'Shop',
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      settings: { force3ds: true, feePercent: '2.5' },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      id: expect.any(Number),
      publicKey: expect.stringMatching(/^pk_/),
      privateKey: expect.stringMatching(/^sk_/),
      baseCurrency: 'EUR',
      settings: {
        force3ds: true,
        feePercent: '2.5',
        rememberEnabled: true,
        sandbox: true,
        feeFixed: '0',
      },
    });
    const read = await admin.request('GET', `/admin/v1/projects/${created.data.id}`);
    expect(read.status).toBe(200);
    expect(read.data.privateKey).toBeUndefined();
    expect(read.data.settings).toEqual(created.data.settings);
  });

  it('changes settings and the callback URL with PATCH, leaving the rest', async () => {
    const { id } = await admin.createProject({ settings: { feePercent: '1' } });
    const patched = await admin.request('PATCH', `/admin/v1/projects/${id}`, {
      settings: { rememberEnabled: false },
      callbackUrl: 'https://merchant.example/cb',
    });
    expect(patched.status).toBe(200);
    expect(patched.data).toMatchObject({
      callbackUrl: 'https://merchant.example/cb',
      settings: { rememberEnabled: false, feePercent: '1' },
    });
  });

  it('refuses invalid input in the error envelope and unknown projects with 404', async () => {
    const invalid = await admin.request('POST', '/admin/v1/projects', {
      name: '',
      settings: { feePercent: 'ten' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data.error).toEqual({
      code: 40017,
      message: expect.stringMatching(/name|feePercent/),
    });
    const missing = await admin.request('GET', '/admin/v1/projects/999999');
    expect([missing.status, missing.data.error.code]).toEqual([404, 40401]);
  });

  it('rotates keys: the new key signs at once, the old one keeps verifying during the grace period', async () => {
    const project = await admin.createProject();
    const rotated = await admin.request('POST', `/admin/v1/projects/${project.id}/rotate-keys`);
    expect(rotated.status).toBe(200);
    expect(rotated.data.privateKey).not.toBe(project.privateKey);
    expect(rotated.data.publicKey).toBe(project.publicKey);
    const user = { identifier: 'rotating', ip: '10.0.0.1' };
    const withNew = new MerchantClient(stack.gatewayUrl!, rotated.data);
    const withOld = new MerchantClient(stack.gatewayUrl!, project);
    expect((await withNew.postForm('/v1/user/resolve', user)).status).toBe(200);
    expect((await withOld.postForm('/v1/user/resolve', { ...user, email: 'a@b.c' })).status).toBe(
      200,
    );
  });

  it('creates a partner once per identifier, for an existing project', async () => {
    const { id } = await admin.createProject();
    const partner = await admin.createPartner(id, 'partner-admin-1');
    expect(partner).toEqual({
      identifier: 'partner-admin-1',
      secret: expect.any(String),
      projectId: id,
    });
    const again = await admin.request('POST', '/admin/v1/partners', {
      identifier: 'partner-admin-1',
      projectId: id,
    });
    expect(again.status).toBe(400);
    const orphan = await admin.request('POST', '/admin/v1/partners', {
      identifier: 'p-2',
      projectId: 999999,
    });
    expect(orphan.status).toBe(404);
  });
});
