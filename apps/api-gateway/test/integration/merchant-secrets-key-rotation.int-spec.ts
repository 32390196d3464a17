import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { EnvelopeCipher, LocalKeyEncryptionKeys } from '@opp/crypto';
import type { Stack } from '@opp/local-stack';
import { AdminClient, eventually, MerchantClient, startTestStack } from '@opp/testing';

const kek = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const KEK_A = kek('kek-a');
const KEK_B = kek('kek-b');
const UNKNOWN_ID = { id: '999999999' };

/**
 * Merchant-secret KEK rotation in the gateway (docs/security/key-hierarchy.md): project signing
 * keys (current and previous) and partner secrets are envelopes under MERCHANT_SECRETS_KEKS; a new
 * active KEK makes the worker re-wrap every row; signed requests keep verifying; the old KEK can
 * then be retired, while retiring one still in use stops the start with exit code 78.
 */
describe('gateway: merchant secrets key rotation', () => {
  let stack: Stack;
  let admin: AdminClient;
  const merchants: MerchantClient[] = [];
  const projectIds: number[] = [];
  const partnerSecrets = new Map<string, string>();
  const gateway = () => stack.services['api-gateway']!;

  const sql = async <T>(query: string, params: unknown[] = []): Promise<T[]> => {
    const db = new Client({ connectionString: stack.databaseUrls['api-gateway'] });
    await db.connect();
    try {
      return (await db.query(query, params)).rows as T[];
    } finally {
      await db.end();
    }
  };
  const keksInUse = async () =>
    (
      await sql<{ kek: string | null }>(
        `SELECT kek_id AS kek FROM projects UNION ALL SELECT kek_id FROM partners`,
      )
    ).map((row) => row.kek);
  /** A status query of an unknown transaction: 40403 only once the signature has verified. */
  const expectVerified = async (merchant: MerchantClient) => {
    const answer = await merchant.get('/v1/transaction/status', UNKNOWN_ID);
    expect([answer.status, answer.data.error?.code]).toEqual([404, 40403]);
  };

  beforeAll(async () => {
    stack = await startTestStack({
      suite: 'gateway secrets kek rotation',
      services: ['api-gateway', 'payments'],
      extraEnv: { MERCHANT_SECRETS_KEKS: KEK_A, KEY_ROTATION_BATCH_SIZE: '1' },
    });
    admin = new AdminClient(stack.adminUrl!);
    for (let i = 0; i < 3; i++) {
      const project = await admin.createProject();
      projectIds.push(project.id);
      merchants.push(new MerchantClient(stack.gatewayUrl!, project));
    }
    const rotated = await admin.request('POST', `/admin/v1/projects/${projectIds[0]}/rotate-keys`);
    expect(rotated.status).toBe(200);
    merchants[0] = new MerchantClient(stack.gatewayUrl!, rotated.data);
    for (const identifier of ['partner-one', 'partner-two']) {
      const partner = await admin.createPartner(projectIds[1], identifier);
      partnerSecrets.set(identifier, partner.secret);
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('stores signing keys and partner secrets as envelopes under the active KEK', async () => {
    expect(await keksInUse()).toEqual(Array(5).fill('kek-a'));
    const [rotated] = await sql<{ key: string; previous: string }>(
      `SELECT private_key_encrypted AS key, previous_private_key_encrypted AS previous
       FROM projects WHERE id = $1`,
      [projectIds[0]],
    );
    expect(rotated.key).toMatch(/^e1\.kek-a\./);
    expect(rotated.previous).toMatch(/^e1\.kek-a\./);
    for (const merchant of merchants) await expectVerified(merchant);
  });

  it('re-wraps every row under a new KEK in the background; signatures keep verifying', async () => {
    await gateway().restart({ MERCHANT_SECRETS_KEKS: `${KEK_B},${KEK_A}` });
    await eventually(
      async () => (await keksInUse()).every((id) => id === 'kek-b'),
      'every project and partner row under kek-b',
    );
    const values = await sql<{ value: string | null }>(
      `SELECT private_key_encrypted AS value FROM projects
       UNION ALL SELECT previous_private_key_encrypted FROM projects
       UNION ALL SELECT secret_encrypted FROM partners`,
    );
    expect(
      values.filter((v) => v.value !== null).every((v) => v.value!.startsWith('e1.kek-b.')),
    ).toBe(true);
    for (const merchant of merchants) await expectVerified(merchant);
  });

  it('refuses to start without a KEK rows still use; retires the unused one', async () => {
    await expect(gateway().restart({ MERCHANT_SECRETS_KEKS: KEK_A })).rejects.toThrow(
      /exited \(code 78\)[\s\S]*MERCHANT_SECRETS_KEKS lacks KEK "kek-b", still used by 3 row\(s\) of projects/,
    );
    await gateway().restart({ MERCHANT_SECRETS_KEKS: KEK_B });
    for (const merchant of merchants) await expectVerified(merchant);
    const forged = new MerchantClient(stack.gatewayUrl!, {
      ...merchants[2].keys,
      privateKey: randomBytes(24).toString('base64url'),
    });
    const refused = await forged.get('/v1/transaction/status', UNKNOWN_ID);
    expect([refused.status, refused.data.error?.code]).toEqual([403, 40301]);
    // Partner secrets open with the new KEK alone (the gateway verifies partner HMACs with them).
    const underB = new EnvelopeCipher(new LocalKeyEncryptionKeys(KEK_B), 'merchant-secrets');
    for (const [identifier, secret] of partnerSecrets) {
      const [row] = await sql<{ value: string }>(
        'SELECT secret_encrypted AS value FROM partners WHERE identifier = $1',
        [identifier],
      );
      expect(await underB.decrypt(row.value)).toBe(secret);
    }
  });
});
