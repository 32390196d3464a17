import {
  DEFAULT_ADMIN_URL,
  databaseUrl,
  findRepoRoot,
  localDir,
  serviceSpec,
  type AppName,
  type StartStackOptions,
} from '@opp/local-stack';

/** Where `npm start` / `npm run up` keep their state. */
export function devPaths(repoRoot: string = findRepoRoot()) {
  return {
    repoRoot,
    runDir: localDir(repoRoot, 'run'),
    logDir: localDir(repoRoot, 'logs'),
    kafkaDataDir: localDir(repoRoot, 'kafka', 'data'),
    kafkaLog: localDir(repoRoot, 'logs', 'kafka.log'),
    kafkaPidFile: localDir(repoRoot, 'run', 'kafka.pid'),
    /** The three-node cluster of `--brokers 3` (node-1 ... node-3 inside). */
    kafkaClusterDataDir: localDir(repoRoot, 'kafka', 'cluster'),
    /** Node 1's pid file is kafkaPidFile's; the others' are kafka-<n>.pid. */
    kafkaNodePidFile: (node: number) =>
      localDir(repoRoot, 'run', node === 1 ? 'kafka.pid' : `kafka-${node}.pid`),
    servicePidFile: (name: AppName, instance = 1) =>
      localDir(repoRoot, 'run', instance === 1 ? `${name}.pid` : `${name}-${instance}.pid`),
  };
}

export const DEV_KAFKA_PORT = 9092;
export const DEV_KAFKA_CONTROLLER_PORT = 9093;

/** Node n of the `--brokers 3` cluster listens on 9092 + 2(n - 1), its controller one above. */
export function devClusterPorts(size: number): { port: number; controllerPort: number }[] {
  return Array.from({ length: size }, (_, i) => ({
    port: DEV_KAFKA_PORT + 2 * i,
    controllerPort: DEV_KAFKA_CONTROLLER_PORT + 2 * i,
  }));
}

/**
 * The development stack's settings, overridable by the environment that `npm start`/`npm run up` got:
 * <APP>_PORT, <APP>_DATABASE_URL, KAFKA_TOPIC_PREFIX, NODE_ENV, LOG_LEVEL, DATABASE_ADMIN_URL.
 * Everything else in the environment reaches the services by inheritance.
 */
export function devStackOptions(
  services: readonly AppName[],
  env: NodeJS.ProcessEnv,
): Omit<StartStackOptions, 'brokers' | 'topics'> {
  const adminUrl = env.DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  const ports: Partial<Record<AppName, number>> = {};
  for (const name of services) {
    const spec = serviceSpec(name);
    const fromEnv = env[spec.portEnv] ? Number(env[spec.portEnv]) : undefined;
    if (fromEnv !== undefined && !(Number.isInteger(fromEnv) && fromEnv > 0 && fromEnv < 65536)) {
      throw new Error(`${spec.portEnv}=${env[spec.portEnv]} is not a port`);
    }
    ports[name] = fromEnv ?? spec.defaultPort;
  }
  return {
    services,
    prefix: env.KAFKA_TOPIC_PREFIX ?? '',
    dbPrefix: 'opp_',
    adminUrl,
    databaseUrlFor: (name, database) =>
      env[serviceSpec(name).databaseEnv] ?? databaseUrl(adminUrl, database),
    ports,
    nodeEnv: env.NODE_ENV ?? 'development',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
