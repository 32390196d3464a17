import * as fs from 'node:fs';
import * as path from 'node:path';
import { allTopics } from '@opp/contracts';
import {
  databaseUrl,
  DEFAULT_ADMIN_URL,
  dropDatabases,
  ensureDatabases,
  findFreePort,
  findRepoRoot,
  localDir,
  runMigrations,
  startKafkaBroker,
  startStack,
  type KafkaBrokerHandle,
  type Stack,
} from '@opp/local-stack';

export interface BenchStack {
  stack: Stack;
  broker: KafkaBrokerHandle;
  /** A scratch database with the payments schema, for the pg baseline. */
  baselineDatabaseUrl: string;
  stop(): Promise<void>;
}

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
    services: ['api-gateway', 'users-recurring', 'payments', 'processing-orchestrator'],
    brokers: broker.brokers,
    topics: allTopics,
    prefix: 'bench.',
    dbPrefix: 'opp_bench_',
    resetDatabases: true,
    ports: 'free',
    logLevel: 'warn',
    logDir: localDir(root, 'bench', 'logs'),
    log,
  });
  const baselineDatabase = 'opp_bench_pg_baseline';
  await dropDatabases(DEFAULT_ADMIN_URL, [baselineDatabase]);
  await ensureDatabases(DEFAULT_ADMIN_URL, [baselineDatabase]);
  const baselineDatabaseUrl = databaseUrl(DEFAULT_ADMIN_URL, baselineDatabase);
  await runMigrations('payments', { PAYMENTS_DATABASE_URL: baselineDatabaseUrl });
  return {
    stack,
    broker,
    baselineDatabaseUrl,
    async stop() {
      await stack.stop();
      await broker.stop();
    },
  };
}
