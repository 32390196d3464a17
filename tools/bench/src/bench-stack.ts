import * as fs from 'node:fs';
import * as path from 'node:path';
import { allTopics } from '@opp/contracts';
import {
  APP_NAMES,
  databaseUrl,
  DEFAULT_ADMIN_URL,
  dropDatabases,
  ensureDatabases,
  findFreePort,
  findRepoRoot,
  localDir,
  runMigrations,
  startKafkaBroker,
  startService,
  startStack,
  type AppName,
  type KafkaBrokerHandle,
  type ServiceHandle,
  type Stack,
} from '@opp/local-stack';
import { pidsNamed, UsageMeter } from './process-usage';
import { WorkCounter } from './work-counts';

export interface BenchStack {
  stack: Stack;
  broker: KafkaBrokerHandle;
  /** A scratch database with the payments schema, for the pg baseline. */
  baselineDatabaseUrl: string;
  /** The public URL of every gateway instance (one, until addInstance adds more). */
  gatewayUrls(): string[];
  /**
   * Starts one more instance of a service with the same environment (same database, same consumer
   * group): the scale-out scenario.
   */
  addInstance(name: AppName): Promise<ServiceHandle>;
  /** CPU and memory of every service instance, the broker and PostgreSQL (from /proc). */
  meter(): UsageMeter;
  /** Messages per topic and transactions and rows per database of this stack (counted, not timed). */
  work(): WorkCounter;
  stop(): Promise<void>;
}

const TOPIC_PREFIX = 'bench.';
const DATABASE_PREFIX = 'opp_bench_';

/** A broker, databases and the services of the scenarios, all of their own (nothing shared with npm start). */
export async function startBenchStack(log: (line: string) => void): Promise<BenchStack> {
  const root = findRepoRoot();
  const dataDir = localDir(root, 'bench', 'kafka');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const broker = await startKafkaBroker({
    port: await findFreePort(),
    controllerPort: await findFreePort(),
    dataDir,
    logFile: path.join(dataDir, 'broker.log'),
    log,
  });
  const stack = await startStack({
    // Every service: the charge's path includes the notifier's callback and the users read models.
    services: APP_NAMES,
    brokers: broker.brokers,
    topics: allTopics,
    prefix: TOPIC_PREFIX,
    dbPrefix: DATABASE_PREFIX,
    resetDatabases: true,
    // This machine's PostgreSQL runs without autovacuum; production's does not (ADR 0065).
    autoanalyzeStandIn: true,
    ports: 'free',
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    logDir: localDir(root, 'bench', 'logs'),
    log,
  });
  const baselineDatabase = `${DATABASE_PREFIX}pg_baseline`;
  await dropDatabases(DEFAULT_ADMIN_URL, [baselineDatabase]);
  await ensureDatabases(DEFAULT_ADMIN_URL, [baselineDatabase]);
  const baselineDatabaseUrl = databaseUrl(DEFAULT_ADMIN_URL, baselineDatabase);
  // As the stack's services: an unset NODE_ENV would run with production rules (ADR 0061).
  await runMigrations('payments', {
    NODE_ENV: 'development',
    PAYMENTS_DATABASE_URL: baselineDatabaseUrl,
  });
  const extra: ServiceHandle[] = [];
  const instances = () => [...stack.handles, ...extra];
  return {
    stack,
    broker,
    baselineDatabaseUrl,
    gatewayUrls: () =>
      instances()
        .filter((h) => h.name === 'api-gateway')
        .map((h) => h.url),
    async addInstance(name) {
      const n = instances().filter((h) => h.name === name).length + 1;
      const env = { ...stack.envFor(name) };
      if (name === 'api-gateway') env.ADMIN_PORT = String(await findFreePort());
      const handle = await startService({
        name,
        env,
        port: await findFreePort(),
        logFile: path.join(localDir(root, 'bench', 'logs'), `${name}-${n}.log`),
      });
      extra.push(handle);
      log(`started ${name} instance ${n} on ${handle.url}`);
      return handle;
    },
    meter: () =>
      new UsageMeter([
        ...APP_NAMES.map((name) => ({
          name,
          pids: () =>
            instances()
              .filter((h) => h.name === name)
              .map((h) => h.pid),
        })),
        { name: 'kafka broker', pids: () => [broker.pid] },
        { name: 'postgresql', pids: () => pidsNamed('postgres') },
      ]),
    work: () => new WorkCounter(broker.brokers, TOPIC_PREFIX, DEFAULT_ADMIN_URL, DATABASE_PREFIX),
    async stop() {
      await Promise.all(extra.map((handle) => handle.stop()));
      await stack.stop();
      await broker.stop();
    },
  };
}
