import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isPortOpen } from './free-port';
import { waitForKafka, type KafkaSecurityOptions } from './kafka-admin';
import { resolveKafkaClasspath, type KafkaClasspath } from './kafka-classpath';
import {
  kafkaServerProperties,
  renderProperties,
  type KafkaPropertiesOptions,
  type KafkaQuorumNode,
} from './kafka-properties';
import {
  commandLine,
  forgetParentExit,
  isAlive,
  readPidFile,
  spawnedPid,
  stopWhenParentExits,
  tailFile,
  terminatePid,
} from './process-utils';
import { findRepoRoot } from './repo-paths';

export interface KafkaBrokerOptions {
  port: number;
  controllerPort: number;
  /** Holds server.properties and the logs/ directory (log.dirs). */
  dataDir: string;
  /** Broker stdout and stderr. */
  logFile: string;
  heapMb?: number;
  /** Survive this process (npm run up); otherwise the broker is stopped when this process exits. */
  detached?: boolean;
  /** Where to write the broker's pid (for stopKafkaBroker). */
  pidFile?: string;
  readyTimeoutMs?: number;
  repoRoot?: string;
  log?: (line: string) => void;
  /** A SASL_SSL listener instead of PLAINTEXT: its broker properties and how clients connect. */
  secure?: { properties: Record<string, string>; clientSecurity: KafkaSecurityOptions };
  /** One node of a cluster (startKafkaCluster): its id, every node, the cluster's common id. */
  nodeId?: number;
  quorum?: readonly KafkaQuorumNode[];
  /** The id the storage is formatted with; every node of a cluster needs the same (new by default). */
  clusterId?: string;
  /** A second listener advertised at a proxy's port (KafkaPropertiesOptions.proxiedListener). */
  proxiedListener?: KafkaPropertiesOptions['proxiedListener'];
}

export interface KafkaBrokerHandle {
  /** bootstrap servers for clients, `127.0.0.1:<port>` */
  brokers: string;
  pid: number;
  /** SIGTERM, then SIGKILL after 20 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * A KRaft cluster id: 16 random bytes, URL-safe base64 without padding (what kafka-storage random-uuid
 * prints). Like Kafka's Uuid.randomUuid, never one that starts with '-': the tool would read it as an option.
 */
export function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export function isStorageFormatted(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'logs', 'meta.properties'));
}

export function javaArgs(
  classpath: KafkaClasspath,
  heapMb: number,
  mainClass: string,
  args: string[],
): string[] {
  return [
    `-Xmx${heapMb}m`,
    `-Xms${Math.min(heapMb, 256)}m`,
    // G1's background threads cost an idle broker about 3% of a core; the serial collector's
    // pauses are short on a heap this small. No hsperfdata file updated for monitoring tools.
    // Idle costs of the local broker: ADR 0065.
    '-XX:+UseSerialGC',
    '-XX:+PerfDisableSharedMem',
    '-XX:+ExitOnOutOfMemoryError',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=file:${classpath.log4jConfig}`,
    '-cp',
    classpath.classpath,
    mainClass,
    ...args,
  ];
}

/**
 * Starts a Kafka (KRaft) node from the Maven-resolved jars, alone by default, and waits until it
 * answers (a node of a cluster answers once a majority of the quorum runs: start them together).
 */
export async function startKafkaBroker(options: KafkaBrokerOptions): Promise<KafkaBrokerHandle> {
  const { port, controllerPort, dataDir, logFile, heapMb = 512 } = options;
  const log = options.log ?? (() => undefined);
  const brokers = `127.0.0.1:${port}`;
  const proxiedPort = options.proxiedListener?.port;
  for (const taken of [port, controllerPort, ...(proxiedPort ? [proxiedPort] : [])]) {
    if (await isPortOpen(taken)) {
      throw new Error(`Cannot start Kafka: port ${taken} is already in use on 127.0.0.1`);
    }
  }
  const classpath = resolveKafkaClasspath({ repoRoot: options.repoRoot ?? findRepoRoot(), log });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const propsFile = path.join(dataDir, 'server.properties');
  fs.writeFileSync(
    propsFile,
    renderProperties(
      kafkaServerProperties({
        port,
        controllerPort,
        dataDir,
        listenerProtocol: options.secure ? 'SASL_SSL' : 'PLAINTEXT',
        extra: options.secure?.properties,
        nodeId: options.nodeId,
        quorum: options.quorum,
        proxiedListener: options.proxiedListener,
      }),
    ),
  );
  if (!isStorageFormatted(dataDir)) formatStorage(classpath, propsFile, options.clusterId);

  const out = fs.openSync(logFile, 'w');
  const child = spawn('java', javaArgs(classpath, heapMb, 'kafka.Kafka', [propsFile]), {
    detached: true, // own process group: a Ctrl-C at the terminal reaches only our orderly shutdown
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const pid = await spawnedPid(child);
  if (options.pidFile) {
    fs.mkdirSync(path.dirname(options.pidFile), { recursive: true });
    fs.writeFileSync(options.pidFile, `${pid}\n`);
  }
  if (options.detached) child.unref();
  else stopWhenParentExits(pid);

  const stop = async () => {
    await terminatePid(pid, { graceMs: 20_000 });
    forgetParentExit(pid);
    if (options.pidFile && readPidFile(options.pidFile) === pid)
      fs.rmSync(options.pidFile, { force: true });
  };
  try {
    await waitForKafka(brokers, {
      timeoutMs: options.readyTimeoutMs ?? 90_000,
      isDead: () => (isAlive(pid) ? undefined : `Kafka exited during start`),
      security: options.secure?.clientSecurity,
    });
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- tail of ${logFile} ---\n${tailFile(logFile)}`);
  }
  log(`Kafka ready at ${brokers} (pid ${pid})`);
  return { brokers, pid, stop };
}

/** Stops the broker whose pid is in `pidFile` (see startKafkaBroker's pidFile) and removes the file. */
export async function stopKafkaBroker(pidFile: string): Promise<boolean> {
  const pid = readPidFile(pidFile);
  let stopped = false;
  if (pid && isAlive(pid) && isKafkaProcess(pid)) {
    await terminatePid(pid, { graceMs: 20_000 });
    stopped = true;
  }
  fs.rmSync(pidFile, { force: true });
  return stopped;
}

export function isKafkaProcess(pid: number): boolean {
  const cmd = commandLine(pid);
  return cmd === '' || cmd.includes('kafka.Kafka');
}

function formatStorage(
  classpath: KafkaClasspath,
  propsFile: string,
  clusterId = newClusterId(),
): void {
  const args = javaArgs(classpath, 256, 'kafka.tools.StorageTool', [
    'format',
    `--cluster-id=${clusterId}`,
    `--config=${propsFile}`,
  ]);
  const result = spawnSync('java', args, { encoding: 'utf8' });
  if (result.error)
    throw new Error(`Could not run java: ${result.error.message} (Java 17+ needed)`);
  if (result.status !== 0) {
    throw new Error(`Formatting Kafka storage failed:\n${result.stdout}\n${result.stderr}`.trim());
  }
}
