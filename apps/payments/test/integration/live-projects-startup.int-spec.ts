import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { Client } from 'pg';
import { generateSealingKeyPair, randomToken } from '@opp/crypto';
import {
  databaseUrl,
  dropDatabases,
  ensureDatabases,
  findFreePort,
  findRepoRoot,
} from '@opp/local-stack';
import { suitePrefixes } from '@opp/testing';

/**
 * Production refuses to start payments without an acquirer adapter while live projects exist: the
 * compiled service, started with NODE_ENV=production against a real database (and a broker address
 * where nothing listens: the check needs none), ends with exit code 78 and one line naming the problem.
 */
describe('payments start-up: live projects need an acquirer adapter', () => {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL!;
  const database = `${suitePrefixes('payments live start').dbPrefix}payments`;
  const url = databaseUrl(adminUrl, database);
  const root = findRepoRoot();
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PAYMENTS_DATABASE_URL: url,
    PAYMENTS_PORT: '',
    SECRETS_KEYS: `k1:${Buffer.from(randomToken(32), 'base64url').toString('base64')}`,
    CARD_DATA_PRIVATE_KEYS: generateSealingKeyPair('c1').privateKey,
    CARD_DATA_KEKS: `kek1:${Buffer.from(randomToken(32), 'base64url').toString('base64')}`,
    HOSTED_PAGE_KEYS: `hp1:${Buffer.alloc(32, 6).toString('base64')}`,
    CARD_FINGERPRINT_KEY: `fp1:${Buffer.from(randomToken(32), 'base64url').toString('base64')}`,
    KAFKA_BROKERS: '127.0.0.1:1',
  };
  const node = (script: string, timeoutMs: number, stopOn?: RegExp) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join('dist/apps/payments/src', script)], {
        cwd: root,
        env,
      });
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (stopOn?.test(output)) child.kill('SIGKILL');
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  const setSandbox = async (sandbox: boolean) => {
    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO project_snapshots
           (id, name, public_key, signing_key_encrypted, callback_url, base_currency, settings, version, updated_at)
         VALUES (1, 'p', 'pk-1', 'x', NULL, 'EUR', $1, 1, now())
         ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings`,
        [{ sandbox }],
      );
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    env.PAYMENTS_PORT = String(await findFreePort());
    await dropDatabases(adminUrl, [database]);
    await ensureDatabases(adminUrl, [database]);
    const migrated = await node('migrate.js', 60_000);
    expect(migrated.code === 0 ? 'migrated' : migrated.output).toBe('migrated');
  });

  afterAll(async () => {
    await dropDatabases(adminUrl, [database]);
  });

  it('exits 78 naming ACQUIRER_ADAPTER when a live project exists', async () => {
    await setSandbox(false);
    const { code, output } = await node('main.js', 60_000);
    expect(code).toBe(78);
    expect(output).toMatch(/ACQUIRER_ADAPTER is none but 1 live project\(s\) exist/);
  });

  it('starts when every project is a sandbox', async () => {
    await setSandbox(true);
    // Nest logs this after the start-up hooks ran; the process is stopped there.
    const started = /Nest application successfully started/;
    const { code, output } = await node('main.js', 60_000, started);
    expect(code).not.toBe(78);
    expect(output).not.toMatch(/ACQUIRER_ADAPTER/);
    expect(output).toMatch(started);
  });
});
