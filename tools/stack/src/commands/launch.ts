import { allTopics } from '@opp/contracts';
import {
  clusterReplication,
  isAlive,
  isKafkaProcess,
  isPortOpen,
  readPidFile,
  residentMemoryMb,
  startKafkaBroker,
  startKafkaCluster,
  startStack,
  waitForKafka,
  type AppName,
  type KafkaBrokerHandle,
  type Stack,
} from '@opp/local-stack';
import {
  DEV_KAFKA_CONTROLLER_PORT,
  DEV_KAFKA_PORT,
  devClusterPorts,
  devPaths,
  devStackOptions,
} from '../dev-stack';
import { formatTable, type ServiceRow } from '../report';
import { writeState, type StackState } from '../stack-state';

export interface Launched {
  stack: Stack;
  brokers: string;
  /** The broker(s) this launch started (stopped with the stack), if any. */
  broker?: Pick<KafkaBrokerHandle, 'stop'>;
}

const say = (line: string) => console.log(`[stack] ${line}`);

/** Kafka (unless one is given or already runs), topics, databases, migrations, then the services. */
export async function launch(
  services: readonly AppName[],
  detached: boolean,
  instances: Partial<Record<AppName, number>> = {},
  brokerCount = 1,
): Promise<Launched> {
  const paths = devPaths();
  const { brokers, broker } =
    brokerCount > 1
      ? await provideKafkaCluster(paths, detached, brokerCount)
      : await provideKafka(paths, detached);
  say(`Topics, databases and migrations; then ${services.length} service(s) ...`);
  try {
    const options = devStackOptions(services, process.env);
    const replicated = brokerCount > 1;
    const stack = await startStack({
      ...options,
      ...(replicated ? clusterReplication(brokerCount) : {}),
      // A retried batch after a leader change is written once (ADR 0022).
      extraEnv: replicated
        ? { KAFKA_PRODUCER_IDEMPOTENT: process.env.KAFKA_PRODUCER_IDEMPOTENT ?? 'true' }
        : undefined,
      brokers,
      topics: allTopics,
      logDir: paths.logDir,
      detached,
      // Only a stack this process stays with (`npm start`): a detached one outlives it.
      autoanalyzeStandIn: !detached,
      pidFileFor: detached ? paths.servicePidFile : undefined,
      instances,
      repoRoot: paths.repoRoot,
      log: say,
    });
    return { stack, brokers, broker };
  } catch (error) {
    await broker?.stop();
    throw error;
  }
}

/**
 * `launch`, with `interrupted` called on SIGINT or SIGTERM meanwhile; then the run recorded for
 * `status` and `down` (.local/run/stack.json) and its ready table printed.
 */
export async function launchAndRecord(
  services: readonly AppName[],
  mode: StackState['mode'],
  instances: Partial<Record<AppName, number>>,
  brokerCount: number,
  interrupted: (signal: NodeJS.Signals) => void,
): Promise<Launched> {
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  const launched = await launch(services, mode === 'detached', instances, brokerCount);
  process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
  const { stack, brokers } = launched;
  writeState(devPaths().runDir, {
    mode,
    supervisorPid: process.pid,
    brokers,
    startedAt: new Date().toISOString(),
    services: stack.handles.map(({ name, url, port, pid }) => ({ name, url, port, pid })),
  });
  console.log(`\n${readyTable(stack)}\n`);
  return launched;
}

async function provideKafka(
  paths: ReturnType<typeof devPaths>,
  detached: boolean,
): Promise<{ brokers: string; broker?: KafkaBrokerHandle }> {
  const given = process.env.KAFKA_BROKERS;
  if (given) {
    say(`Using Kafka at ${given} (KAFKA_BROKERS)`);
    await waitForKafka(given, { timeoutMs: 30_000 });
    return { brokers: given };
  }
  const brokers = `127.0.0.1:${DEV_KAFKA_PORT}`;
  const pid = readPidFile(paths.kafkaPidFile);
  if (pid && isAlive(pid) && isKafkaProcess(pid)) {
    say(`Reusing the broker of \`npm run up\` (pid ${pid}) at ${brokers}`);
    await waitForKafka(brokers, { timeoutMs: 30_000 });
    return { brokers };
  }
  if (await isPortOpen(DEV_KAFKA_PORT)) {
    say(`Something listens on ${brokers} already; using it as the Kafka broker`);
    await waitForKafka(brokers, { timeoutMs: 15_000 });
    return { brokers };
  }
  const started = Date.now();
  say('Starting Kafka (KRaft, single node) ...');
  const broker = await startKafkaBroker({
    port: DEV_KAFKA_PORT,
    controllerPort: DEV_KAFKA_CONTROLLER_PORT,
    dataDir: paths.kafkaDataDir,
    logFile: paths.kafkaLog,
    detached,
    pidFile: detached ? paths.kafkaPidFile : undefined,
    repoRoot: paths.repoRoot,
    log: say,
  });
  say(`Kafka ready in ${seconds(Date.now() - started)} (log ${paths.kafkaLog})`);
  return { brokers: broker.brokers, broker };
}

/**
 * `--brokers 3`: the three-node KRaft cluster on 9092, 9094, 9096 (controllers one above), reused
 * when `npm run up` left it running; a single broker left running must be stopped first.
 */
async function provideKafkaCluster(
  paths: ReturnType<typeof devPaths>,
  detached: boolean,
  size: number,
): Promise<{ brokers: string; broker?: Pick<KafkaBrokerHandle, 'stop'> }> {
  if (process.env.KAFKA_BROKERS) {
    throw new Error('--brokers starts its own cluster: unset KAFKA_BROKERS, or drop --brokers');
  }
  const ports = devClusterPorts(size);
  const brokers = ports.map(({ port }) => `127.0.0.1:${port}`).join(',');
  const running = ports.map((_, i) => {
    const pid = readPidFile(paths.kafkaNodePidFile(i + 1));
    return pid !== undefined && isAlive(pid) && isKafkaProcess(pid);
  });
  if (running.every(Boolean)) {
    say(`Reusing the ${size}-node cluster of \`npm run up\` at ${brokers}`);
    await waitForKafka(brokers, { timeoutMs: 30_000 });
    return { brokers };
  }
  if (running.some(Boolean) || (await isPortOpen(DEV_KAFKA_PORT))) {
    throw new Error(
      `A Kafka broker already runs on ${DEV_KAFKA_PORT} (not a ${size}-node cluster): \`npm run down\` first`,
    );
  }
  const started = Date.now();
  say(`Starting Kafka (KRaft, ${size} nodes, replication factor 3, min.insync.replicas 2) ...`);
  const cluster = await startKafkaCluster({
    ports,
    dataDir: paths.kafkaClusterDataDir,
    detached,
    pidFileFor: detached ? paths.kafkaNodePidFile : undefined,
    repoRoot: paths.repoRoot,
    log: say,
  });
  say(
    `Kafka ready in ${seconds(Date.now() - started)} (logs ${paths.kafkaClusterDataDir}/node-*.log)`,
  );
  return { brokers: cluster.brokers, broker: cluster };
}

export function readyTable(stack: Stack): string {
  const rows: ServiceRow[] = stack.handles.map((handle) => ({
    name: handle.name,
    url: handle.url,
    pid: handle.pid,
    state: 'ready',
    readySeconds: handle.readyMs / 1000,
    rssMb: residentMemoryMb(handle.pid),
  }));
  return formatTable(rows);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}
