import { spawn } from 'node:child_process';
import { DEV_CARD_DATA_PUBLIC_KEY } from '@opp/config';
import { findRepoRoot } from '@opp/local-stack';

/**
 * Issue 37 L3, ADR 0061: the compiled gateway fails closed. Started with NODE_ENV unset or
 * `staging` it runs with production rules: no development defaults (it stops at start with exit 78
 * naming what production needs) and the development card-data public key, whose private half is
 * in the repository, refused. Nothing listens at the broker or database addresses: the config
 * check comes before any connection, and a gateway that got past it would not exit on its own.
 */
describe('gateway start-up outside development and test', () => {
  const root = findRepoRoot();
  const PRODUCTION_LIKE = {
    KAFKA_BROKERS: '127.0.0.1:1',
    GATEWAY_PORT: '39871',
    SECRETS_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    GATEWAY_DATABASE_URL: 'postgres://gw:pw@127.0.0.1:1/gateway',
    ADMIN_TOKEN: 'a-long-production-token',
    ADMIN_PORT: '39872',
    MERCHANT_SECRETS_KEKS: `m1:${Buffer.alloc(32, 1).toString('base64')}`,
    HOSTED_PAGE_KEYS: `h1:${Buffer.alloc(32, 3).toString('base64')}`,
    PUBLIC_GATEWAY_URL: 'https://api.opp.example.com',
    CARD_DATA_PUBLIC_KEY: DEV_CARD_DATA_PUBLIC_KEY,
  };

  const start = (env: Record<string, string | undefined>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['dist/apps/api-gateway/src/main.js'], {
        cwd: root,
        env: { PATH: process.env.PATH, ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });

  it('with NODE_ENV unset, asks for what production needs instead of using development defaults', async () => {
    const { code, output } = await start({});
    expect(code).toBe(78);
    expect(output).toMatch(/ADMIN_TOKEN is required/);
    expect(output).toMatch(/CARD_DATA_PUBLIC_KEY is required/);
  }, 30_000);

  it.each([undefined, 'staging'])(
    'with NODE_ENV=%p, refuses the development card-data public key',
    async (nodeEnv) => {
      const { code, output } = await start({ ...PRODUCTION_LIKE, NODE_ENV: nodeEnv });
      expect(code).toBe(78);
      expect(output).toMatch(
        /CARD_DATA_PUBLIC_KEY holds the development card-data key, whose private half is in the repository/,
      );
      expect(output).not.toMatch(/is required/);
    },
    30_000,
  );
});
