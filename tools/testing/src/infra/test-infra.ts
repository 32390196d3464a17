import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_ADMIN_URL, findRepoRoot } from '@opp/local-stack';
import { dockerAvailable, startDockerInfra } from './docker-infra';
import { startLocalTestKafka } from './local-kafka';

export type TestInfraMode = 'external' | 'docker' | 'local';

export interface TestInfra {
  mode: TestInfraMode;
  brokers: string;
  databaseAdminUrl: string;
  stop(): Promise<void>;
}

const STATE_KEY = '__OPP_TEST_INFRA__';

/** Fails early, with the fix, when the compiled apps that integration tests start are missing. */
export function assertBuilt(repoRoot: string): void {
  const apps = path.join(repoRoot, 'dist', 'apps');
  if (!fs.existsSync(apps)) {
    throw new Error(
      'Integration tests run the compiled apps, but dist/apps is missing: run `npm run build` first.',
    );
  }
  // The build compiles the @opp/* aliases to relative paths (tsc-alias); a tsc-only build leaves them
  // for a resolver that compiled code no longer has, and every service would fail to start.
  const unresolved = fs
    .readdirSync(apps)
    .map((app) => path.join(apps, app, 'src', 'main.js'))
    .filter(
      (main) => fs.existsSync(main) && fs.readFileSync(main, 'utf8').includes('require("@opp/'),
    );
  if (unresolved.length > 0) {
    throw new Error(
      `${path.relative(repoRoot, unresolved[0])} still imports @opp/* aliases: ` +
        'run `npm run build` (tsc, then tsc-alias).',
    );
  }
}

/**
 * Kafka and PostgreSQL for one jest run: KAFKA_BROKERS from the environment when set; otherwise
 * containers when a Docker engine answers; otherwise a local broker on the test ports.
 */
export async function startTestInfra(): Promise<TestInfra> {
  const repoRoot = findRepoRoot();
  assertBuilt(repoRoot);
  const adminFromEnv = process.env.TEST_DATABASE_ADMIN_URL;
  let infra: TestInfra;
  if (process.env.KAFKA_BROKERS) {
    infra = {
      mode: 'external',
      brokers: process.env.KAFKA_BROKERS,
      databaseAdminUrl: adminFromEnv ?? DEFAULT_ADMIN_URL,
      stop: async () => undefined,
    };
  } else if (await dockerAvailable()) {
    const docker = await startDockerInfra({ withPostgres: !adminFromEnv });
    infra = {
      mode: 'docker',
      brokers: docker.brokers,
      databaseAdminUrl: adminFromEnv ?? docker.databaseAdminUrl ?? DEFAULT_ADMIN_URL,
      stop: () => docker.stop(),
    };
  } else {
    const broker = await startLocalTestKafka(repoRoot);
    infra = {
      mode: 'local',
      brokers: broker.brokers,
      databaseAdminUrl: adminFromEnv ?? DEFAULT_ADMIN_URL,
      stop: () => broker.stop(),
    };
  }
  // Test workers start after global setup and inherit this environment.
  process.env.KAFKA_BROKERS = infra.brokers;
  process.env.TEST_DATABASE_ADMIN_URL = infra.databaseAdminUrl;
  (globalThis as Record<string, unknown>)[STATE_KEY] = infra;
  return infra;
}

/** Stops what startTestInfra started in this process (nothing for an external broker). */
export async function stopTestInfra(): Promise<void> {
  const state = globalThis as Record<string, unknown>;
  const infra = state[STATE_KEY] as TestInfra | undefined;
  delete state[STATE_KEY];
  if (infra) await infra.stop();
}
