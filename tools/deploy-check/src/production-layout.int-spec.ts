import { generateSealingKeyPair } from '@opp/crypto';
// The image layout, run for real without a Docker engine: production dependencies installed as the
// prod-deps stage installs them, dist/ copied as the tools and app targets copy it, then the tools
// CMD (topics), the compose migrate command and the app CMD run there until /health/ready answers.
// A start command that only works from the repository (a preload, an alias resolver, a dev
// dependency) fails here.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  commandLine,
  databaseName,
  databaseUrl,
  dropDatabases,
  ensureDatabases,
  findFreePort,
  provisionAdminAuditLog,
  tailFile,
  terminatePid,
  waitForReady,
} from '@opp/local-stack';
import { suitePrefixes, testBrokers, testDatabaseAdminUrl } from '@opp/testing';
import { imageInstructions, readDockerfile, stageCommand, stageNpmCommands } from './dockerfile';
import { REPO_ROOT, loadCompose } from './render';

const APP = 'api-gateway';
const dockerfile = readDockerfile();

/** `COPY --from=builder /app/<path> ./<path>` of a target's image. */
function builderCopies(target: string): string[] {
  return imageInstructions(dockerfile, target)
    .filter((line) => line.startsWith('COPY --from=builder '))
    .map((line) => {
      const [, source] = line.split(/\s+/).slice(1);
      return source.replace(/^\/app\//, '');
    });
}

/** Runs a command to its end in `cwd`; the output is returned for the assertions and the error. */
function runToEnd(command: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command[0], command.slice(1), {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 150_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    throw new Error(`${command.join(' ')} exited ${result.status ?? result.signal}:\n${output}`);
  }
  return output;
}

describe(`production layout of ${APP} (as the Dockerfile's ${APP} target builds it)`, () => {
  let dir: string;
  let pid = 0;
  const { topicPrefix, dbPrefix } = suitePrefixes('production layout');
  const database = databaseName(APP, dbPrefix);
  const adminUrl = testDatabaseAdminUrl();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opp-production-layout-'));
    await dropDatabases(adminUrl, [database]);
    await ensureDatabases(adminUrl, [database]);
    // What the provisioning step does before the gateway's migrations (ADR 0061).
    await provisionAdminAuditLog(adminUrl, database);
  });

  afterAll(async () => {
    if (pid) await terminatePid(pid, { signal: 'SIGTERM', graceMs: 10_000 });
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await dropDatabases(adminUrl, [database]);
  });

  it('installs, migrates and starts from the image layout with its exact commands', async () => {
    // prod-deps stage: the Dockerfile's own npm command; --prefer-offline only spares the network.
    fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(dir, 'package.json'));
    fs.copyFileSync(path.join(REPO_ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'));
    const [install, ...after] = stageNpmCommands(dockerfile, 'prod-deps');
    expect(install.slice(0, 2)).toEqual(['npm', 'ci']);
    const installLog = runToEnd([...install, '--prefer-offline', '--no-audit', '--no-fund'], dir);
    // The lockfile's packages all accept the Node versions of package.json's engines.
    expect(installLog).not.toContain('EBADENGINE');
    // The stage's further steps: the native addon compiled from its locked source, and loadable.
    for (const command of after) runToEnd(command, dir);
    runToEnd(['node', '-e', "require('pkcs11js')"], dir);
    // Only production dependencies: nothing there could resolve @opp/* at run time.
    expect(fs.existsSync(path.join(dir, 'node_modules', 'kafkajs'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'node_modules', 'tsconfig-paths'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'node_modules', 'typescript'))).toBe(false);

    // tools and app targets: the compiled files they copy from the builder.
    const copied = [...new Set([...builderCopies('tools'), ...builderCopies(APP)])];
    expect(copied).toEqual(
      expect.arrayContaining([
        'dist/libs',
        'dist/packages',
        'dist/tools/local-stack',
        'dist/tools/stack',
        `dist/apps/${APP}`,
      ]),
    );
    for (const item of copied) {
      fs.cpSync(path.join(REPO_ROOT, item), path.join(dir, item), { recursive: true });
    }

    const port = await findFreePort();
    const adminPort = await findFreePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production', // as the app stage's ENV
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: testBrokers(),
      KAFKA_TOPIC_PREFIX: topicPrefix,
      GATEWAY_PORT: String(port),
      ADMIN_PORT: String(adminPort),
      CARD_DATA_PUBLIC_KEY: generateSealingKeyPair('layout').publicKey,
      // Production states the topic shape; the test broker is a single node.
      KAFKA_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TOPIC_MIN_INSYNC_REPLICAS: '1',
      GATEWAY_DATABASE_URL: databaseUrl(adminUrl, database),
      SECRETS_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
      MERCHANT_SECRETS_KEKS: `kek1:${Buffer.alloc(32, 8).toString('base64')}`,
      HOSTED_PAGE_KEYS: `hp1:${Buffer.alloc(32, 9).toString('base64')}`,
      ADMIN_TOKEN: 'production-layout-admin-token',
      PUBLIC_GATEWAY_URL: `http://127.0.0.1:${port}`,
    };

    // The topics Job / compose one-shot: the tools stage's CMD.
    const topics = stageCommand(dockerfile, 'tools');
    expect(runToEnd(topics, dir, env)).toMatch(/topics: \d+ created/);

    // The compose service runs migrations, then the image's CMD (k8s: the migrate init container).
    const compose = loadCompose().doc as { services: Record<string, { command: string[] }> };
    const [migrate, main] = compose.services[APP].command[2]
      .replace(/\$\$APP/g, APP)
      .split(/\s*&&\s*exec\s+/);
    expect(main.split(' ')).toEqual(stageCommand(dockerfile, APP));
    runToEnd(migrate.split(' '), dir, env);

    const cmd = stageCommand(dockerfile, APP);
    const logFile = path.join(dir, 'service.log');
    const out = fs.openSync(logFile, 'w');
    const child = spawn(cmd[0], cmd.slice(1), {
      cwd: dir,
      env,
      detached: true,
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    pid = child.pid ?? 0;
    let exited: string | undefined;
    child.once('exit', (code, signal) => (exited = `exited (${code ?? signal}) during start`));
    try {
      await waitForReady(`http://127.0.0.1:${port}/health/ready`, 60_000, () => exited);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${tailFile(logFile)}`);
    }
    // The one that answered is the temporary layout's process, started as the CMD says.
    expect(fs.realpathSync(`/proc/${pid}/cwd`)).toBe(fs.realpathSync(dir));
    expect(commandLine(pid).trim()).toBe(cmd.join(' '));
    expect(path.relative(REPO_ROOT, fs.realpathSync(dir)).startsWith('..')).toBe(true);
    // Truly slow: a production install of the lockfile and a native compile (pkcs11js), then a start.
  }, 300_000);
});
