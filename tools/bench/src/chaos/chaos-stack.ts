import * as fs from 'node:fs';
import { allTopics } from '@opp/contracts';
import {
  databaseUrl,
  DEFAULT_ADMIN_URL,
  findFreePort,
  findRepoRoot,
  localDir,
  startKafkaCluster,
  startStack,
  type AppName,
  type KafkaCluster,
  type ServiceHandle,
  type Stack,
} from '@opp/local-stack';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export interface ChaosStackOptions {
  /** Kafka nodes: 3 for the replicated cluster, 1 for the short run. */
  brokers: 1 | 3;
  services: readonly AppName[];
  /** Instances of each service (default 1). */
  instances: Partial<Record<AppName, number>>;
  /** The service whose instances reach Kafka only through the proxies (the broker cut). */
  proxiedService: AppName;
  /** Database names start with this; .local/<dir> holds the brokers and logs. */
  dbPrefix: string;
  dir: string;
  /**
   * A PostgreSQL server of the run's own, which the PostgreSQL scenario restarts; without it the
   * shared server (the short run, which never restarts it).
   */
  privatePostgres: boolean;
  /** The shared server's admin URL when there is no private one (default the machine's). */
  sharedAdminUrl?: string;
  log: (line: string) => void;
}

export interface ChaosStack {
  stack: Stack;
  cluster: KafkaCluster;
  /** One per broker, in front of its PROXIED listener: cut them to cut `proxiedService` off. */
  kafkaProxies: TcpProxy[];
  /** The run's own PostgreSQL server, when asked for (restart it). */
  postgres: PrivatePostgres | undefined;
  /** Every instance of a service, the first first. */
  instancesOf(name: AppName): ServiceHandle[];
  gatewayUrls(): string[];
  /** The database of a service, reached directly (not through the proxy): audits and reconcile. */
  directUrl(name: AppName): string;
  has(name: AppName): boolean;
  stop(): Promise<void>;
}

export const TOPIC_PREFIX = 'chaos.';

/**
 * Brokers, proxies and services of their own (nothing shared with `npm start` or the tests), and a
 * PostgreSQL server of their own when asked (the machine's is shared and never stopped, ADR 0022);
 * one service reaches the brokers through a proxy per broker.
 */
export async function startChaosStack(options: ChaosStackOptions): Promise<ChaosStack> {
  const root = findRepoRoot();
  const dir = localDir(root, options.dir);
  fs.rmSync(dir, { recursive: true, force: true });
  const ports = [];
  for (let i = 0; i < options.brokers; i++) {
    ports.push({
      port: await findFreePort(),
      controllerPort: await findFreePort(),
      proxied: { port: await findFreePort(), advertisedPort: await findFreePort() },
    });
  }
  options.log(`starting ${options.brokers} Kafka node(s) ...`);
  const cluster = await startKafkaCluster({ ports, dataDir: `${dir}/kafka`, log: options.log });
  const kafkaProxies = await Promise.all(
    ports.map(({ proxied }) => startTcpProxy(proxied.port, { port: proxied.advertisedPort })),
  );
  const postgres = options.privatePostgres
    ? await startPrivatePostgres(`${dir}/postgres`, await findFreePort(), options.log).catch(
        async (error: unknown) => {
          await Promise.all(kafkaProxies.map((proxy) => proxy.close()));
          await cluster.stop();
          throw error;
        },
      )
    : undefined;
  const adminUrl = postgres?.adminUrl ?? options.sharedAdminUrl ?? DEFAULT_ADMIN_URL;
  const closeProxies = async () => {
    await Promise.all(kafkaProxies.map((proxy) => proxy.close()));
    await postgres?.stop();
  };
  let stack: Stack;
  try {
    stack = await startStack({
      services: options.services,
      instances: options.instances,
      brokers: cluster.brokers,
      replicationFactor: cluster.replicationFactor,
      minInsyncReplicas: cluster.minInsyncReplicas,
      topics: allTopics,
      prefix: TOPIC_PREFIX,
      dbPrefix: options.dbPrefix,
      resetDatabases: true,
      adminUrl,
      ports: 'free',
      logLevel: process.env.CHAOS_LOG_LEVEL ?? 'warn',
      logDir: `${dir}/logs`,
      extraEnv: {
        // A recurring "day" of 2 s and a quick sweep: many periods fall due during a scenario.
        RECURRING_DAY_SECONDS: '2',
        RECURRING_SWEEP_INTERVAL_MS: '200',
        PAYOUTS_SANDBOX_SETTLE_MS: '1000',
        KAFKA_PRODUCER_IDEMPOTENT: options.brokers > 1 ? 'true' : 'false',
        // The merchant outage runs on the shop's sandbox clock (ADR 0069): due deliveries looked
        // for often, and the circuit breaker's cool-downs (wall-clock time) short.
        DELIVERY_POLL_INTERVAL_MS: '250',
        DELIVERY_BREAKER_COOL_DOWN_MS: '250',
        DELIVERY_BREAKER_MAX_COOL_DOWN_MS: '2000',
      },
      serviceEnv: { [options.proxiedService]: { KAFKA_BROKERS: cluster.proxiedBrokers } },
      readyTimeoutMs: 180_000,
      log: options.log,
    });
  } catch (error) {
    await closeProxies();
    await cluster.stop();
    throw error;
  }
  const instancesOf = (name: AppName) => stack.handles.filter((handle) => handle.name === name);
  return {
    stack,
    cluster,
    kafkaProxies,
    postgres,
    instancesOf,
    gatewayUrls: () => instancesOf('api-gateway').map((handle) => handle.url),
    directUrl: (name) => {
      const url = stack.databaseUrls[name];
      if (!url) throw new Error(`${name} is not part of the chaos stack`);
      return databaseUrl(adminUrl, new URL(url).pathname.slice(1));
    },
    has: (name) => stack.databaseUrls[name] !== undefined,
    async stop() {
      await Promise.all(kafkaProxies.map((proxy) => proxy.restore()));
      await stack.stop();
      await closeProxies();
      await cluster.stop();
    },
  };
}
