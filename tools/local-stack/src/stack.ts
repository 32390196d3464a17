import * as path from 'node:path';
import { startAutoanalyzeStandIn, type AutoanalyzeStandIn } from './autoanalyze-stand-in';
import { DEFAULT_ADMIN_URL, databaseUrl, dropDatabases, ensureDatabases } from './databases';
import { copyTemplateDatabase } from './database-templates';
import { findFreePort } from './free-port';
import { runMigrations } from './migrations';
import { provisionAdminAuditLog } from './admin-audit-log';
import { localDir, findRepoRoot } from './repo-paths';
import { startService, type ServiceHandle } from './service-process';
import { APP_NAMES, databaseName, serviceSpec, type AppName } from './services';
import { createTopics, type TopicSpec } from './topics';

export interface StartStackOptions {
  /** Default: all six apps. */
  services?: readonly AppName[];
  brokers: string;
  /** Usually `allTopics` from @opp/contracts. */
  topics: readonly TopicSpec[];
  /** Of every topic created here (1 and 1 by default; 3 and 2 on a three-broker cluster, ADR 0022). */
  replicationFactor?: number;
  minInsyncReplicas?: number;
  /** KAFKA_TOPIC_PREFIX; also prefixes every topic created here. */
  prefix?: string;
  /** Database names are `${dbPrefix}<app_in_snake_case>`; the default `opp_` gives the dev names. */
  dbPrefix?: string;
  adminUrl?: string;
  /** Default: the admin URL pointed at the database. */
  databaseUrlFor?: (name: AppName, database: string) => string;
  /** Drop the databases before creating them (a test stack starts from nothing). */
  resetDatabases?: boolean;
  /**
   * With `resetDatabases`: each app's database is a copy of the migrated template
   * `${databaseTemplatePrefix}<app>`, made by the first stack that needs it (test runs).
   */
  databaseTemplatePrefix?: string;
  /** 'free' (tests, default), 'default' (3000..3005) or explicit ports. */
  ports?: 'free' | 'default' | Partial<Record<AppName, number>>;
  nodeEnv?: string;
  logLevel?: string;
  extraEnv?: Record<string, string | undefined>;
  /** Per service, after extraEnv (e.g. one service's KAFKA_BROKERS through a proxy). */
  serviceEnv?: Partial<Record<AppName, Record<string, string | undefined>>>;
  /** One `<app>.log` per service here; default .local/logs. */
  logDir?: string;
  detached?: boolean;
  /**
   * Analyze the stack's databases while it runs, when the server's autovacuum is off
   * (ADR 0065): for a stack that runs long (`npm start`, the bench), not for a detached one.
   */
  autoanalyzeStandIn?: boolean;
  /** A pid file per service instance (see StartServiceOptions.pidFile); instances count from 1. */
  pidFileFor?: (name: AppName, instance: number) => string;
  /**
   * Instances per service (default 1): each extra one has the same environment (database, consumer
   * group), its own port (the first's + 100 per instance outside 'free' ports) and log
   * `<app>-<n>.log`. The gateway's first instance stays the one `gatewayUrl` names.
   */
  instances?: Partial<Record<AppName, number>>;
  readyTimeoutMs?: number;
  repoRoot?: string;
  /** The Node binary that runs the migrations and services; default this process's. */
  nodeBinary?: string;
  log?: (line: string) => void;
}

export interface Stack {
  services: Partial<Record<AppName, ServiceHandle>>;
  handles: ServiceHandle[];
  /** http://127.0.0.1:<port> of the api-gateway, when it is part of the stack. */
  gatewayUrl: string | undefined;
  /** The gateway's internal listener (ADMIN_PORT): the admin API is served there only. */
  adminUrl: string | undefined;
  brokers: string;
  topicPrefix: string;
  /** Database URL per app. */
  databaseUrls: Partial<Record<AppName, string>>;
  /** The environment each app was started with (without the inherited process environment). */
  envFor(name: AppName): Record<string, string | undefined>;
  /** Stops every service (SIGTERM, in parallel). Databases and topics stay. */
  stop(): Promise<void>;
}

/** An app's database as a stack needs it: provisioned (the gateway's, ADR 0061) and migrated. */
async function prepareDatabase(
  name: AppName,
  env: Record<string, string | undefined>,
  options: {
    adminUrl: string;
    database: string;
    repoRoot: string;
    logFile: string;
    nodeBinary?: string;
  },
): Promise<void> {
  // Before the gateway's migrations, as the provisioning step of a deployment does (ADR 0061).
  if (name === 'api-gateway') await provisionAdminAuditLog(options.adminUrl, options.database);
  await runMigrations(name, env, {
    repoRoot: options.repoRoot,
    logFile: options.logFile,
    nodeBinary: options.nodeBinary,
  });
}

/** Databases, topics and migrations, then every service on its port, each ready. */
export async function startStack(options: StartStackOptions): Promise<Stack> {
  const names = options.services ?? APP_NAMES;
  const repoRoot = options.repoRoot ?? findRepoRoot();
  const adminUrl = options.adminUrl ?? DEFAULT_ADMIN_URL;
  const prefix = options.prefix ?? '';
  const log = options.log ?? (() => undefined);
  const logDir = options.logDir ?? localDir(repoRoot, 'logs');

  const databases = names.map((name) => databaseName(name, options.dbPrefix));
  const urlFor = options.databaseUrlFor ?? ((_name, db) => databaseUrl(adminUrl, db));
  const databaseUrls = Object.fromEntries(
    names.map((name, i) => [name, urlFor(name, databases[i])]),
  );
  const fromTemplates = options.resetDatabases === true && options.databaseTemplatePrefix;
  if (options.resetDatabases) await dropDatabases(adminUrl, databases);
  if (!fromTemplates) {
    const created = await ensureDatabases(adminUrl, databases);
    if (created.length) log(`Created databases: ${created.join(', ')}`);
  }
  const topics = await createTopics(options.brokers, options.topics, {
    prefix,
    replicationFactor: options.replicationFactor,
    minInsyncReplicas: options.minInsyncReplicas,
  });
  if (topics.length) log(`Created ${topics.length} topics${prefix ? ` (prefix ${prefix})` : ''}`);

  const envs = new Map<AppName, Record<string, string | undefined>>();
  for (const name of names) {
    const spec = serviceSpec(name);
    envs.set(name, {
      NODE_ENV: options.nodeEnv ?? 'development',
      LOG_LEVEL: options.logLevel ?? 'info',
      KAFKA_BROKERS: options.brokers,
      KAFKA_TOPIC_PREFIX: prefix,
      [spec.databaseEnv]: databaseUrls[name],
      ...options.extraEnv,
      ...options.serviceEnv?.[name],
    });
  }
  await Promise.all(
    names.map(async (name, i) => {
      const env = envs.get(name) ?? {};
      const migrate = (database: string, url: string) =>
        prepareDatabase(
          name,
          { ...env, [serviceSpec(name).databaseEnv]: url },
          {
            adminUrl,
            database,
            repoRoot,
            logFile: path.join(logDir, `${name}.migrate.log`),
            nodeBinary: options.nodeBinary,
          },
        );
      if (!fromTemplates) return migrate(databases[i], databaseUrls[name]);
      const template = databaseName(name, options.databaseTemplatePrefix);
      await copyTemplateDatabase(adminUrl, template, databases[i], (url) => migrate(template, url));
    }),
  );
  const ports = await choosePorts(names, options.ports ?? 'free');
  const gatewayEnv = envs.get('api-gateway');
  if (gatewayEnv) {
    gatewayEnv.ADMIN_PORT ??= String(
      (options.ports ?? 'free') === 'free' ? await findFreePort() : DEFAULT_ADMIN_PORT,
    );
  }
  // Only the gateway links its hosted pages (3-D Secure): the other services answer without URLs
  // (ADR 0031, ADR 0031).
  if (gatewayEnv && !options.extraEnv?.PUBLIC_GATEWAY_URL) {
    gatewayEnv.PUBLIC_GATEWAY_URL = `http://127.0.0.1:${ports['api-gateway']}`;
  }
  const launches = await instanceLaunches(names, ports, envs, options);
  const started = await Promise.allSettled(
    launches.map(({ name, instance, port, env }) =>
      startService({
        name,
        env,
        port,
        logFile: path.join(logDir, instance === 1 ? `${name}.log` : `${name}-${instance}.log`),
        detached: options.detached,
        pidFile: options.pidFileFor?.(name, instance),
        readyTimeoutMs: options.readyTimeoutMs,
        repoRoot,
        nodeBinary: options.nodeBinary,
      }),
    ),
  );
  const handles = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  let standIn: AutoanalyzeStandIn | undefined;
  const stop = async () => {
    await Promise.all(handles.map((handle) => handle.stop()));
    await standIn?.stop();
  };
  const failures = started.flatMap((result): unknown[] =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  if (failures.length > 0) {
    await stop();
    throw new Error(
      failures
        .map((error) => (error instanceof Error ? error.message : String(error)))
        .join('\n\n'),
    );
  }
  if (options.autoanalyzeStandIn) {
    standIn = await startAutoanalyzeStandIn(Object.values(databaseUrls), { log }).catch(
      async (error: unknown) => {
        await stop();
        throw error;
      },
    );
  }
  // The first instance of each service (handles also holds the others).
  const services = Object.fromEntries(
    [...handles].reverse().map((handle) => [handle.name, handle]),
  );
  const gatewayUrl = services['api-gateway']?.url;
  const gatewayAdminUrl = gatewayEnv ? `http://127.0.0.1:${gatewayEnv.ADMIN_PORT}` : undefined;
  if (gatewayUrl && gatewayAdminUrl) rememberAdminUrl(gatewayUrl, gatewayAdminUrl);
  return {
    services,
    handles,
    gatewayUrl,
    adminUrl: gatewayAdminUrl,
    brokers: options.brokers,
    topicPrefix: prefix,
    databaseUrls,
    envFor: (name) => ({ ...envs.get(name), [serviceSpec(name).portEnv]: String(ports[name]) }),
    stop,
  };
}

/** The gateway's default ADMIN_PORT outside production (apps/api-gateway config). */
export const DEFAULT_ADMIN_PORT = 3010;

/** Port distance between instances of one service on fixed ports (3000, 3100, 3200 ...). */
export const INSTANCE_PORT_STEP = 100;

interface InstanceLaunch {
  name: AppName;
  instance: number;
  port: number;
  env: Record<string, string | undefined> | undefined;
}

/** Every instance to start: the first of each service, then the extra ones `instances` asks for. */
export async function instanceLaunches(
  names: readonly AppName[],
  ports: Record<AppName, number>,
  envs: ReadonlyMap<AppName, Record<string, string | undefined>>,
  options: Pick<StartStackOptions, 'instances' | 'ports'>,
): Promise<InstanceLaunch[]> {
  const free = (options.ports ?? 'free') === 'free';
  const launches: InstanceLaunch[] = [];
  for (const name of names) {
    const count = options.instances?.[name] ?? 1;
    if (!Number.isInteger(count) || count < 1) {
      throw new Error(`instances of ${name} must be a whole number from 1: ${count}`);
    }
    for (let instance = 1; instance <= count; instance++) {
      const offset = INSTANCE_PORT_STEP * (instance - 1);
      const env = instance === 1 ? envs.get(name) : { ...envs.get(name) };
      if (instance > 1 && env?.ADMIN_PORT !== undefined) {
        env.ADMIN_PORT = String(free ? await findFreePort() : Number(env.ADMIN_PORT) + offset);
      }
      const port = instance === 1 || !free ? ports[name] + offset : await findFreePort();
      launches.push({ name, instance, port, env });
    }
  }
  return launches;
}

const adminUrlByGatewayUrl = new Map<string, string>();

function rememberAdminUrl(gatewayUrl: string, adminUrl: string): void {
  adminUrlByGatewayUrl.set(gatewayUrl.replace(/\/$/, ''), adminUrl);
}

/**
 * The internal (admin) listener of a gateway started by this process, found from its public URL,
 * so a client handed the gateway's address reaches the admin API where it is served.
 */
export function adminUrlOf(gatewayUrl: string): string | undefined {
  return adminUrlByGatewayUrl.get(gatewayUrl.replace(/\/$/, ''));
}

export async function choosePorts(
  names: readonly AppName[],
  ports: NonNullable<StartStackOptions['ports']>,
): Promise<Record<AppName, number>> {
  const chosen = {} as Record<AppName, number>;
  for (const name of names) {
    const explicit = typeof ports === 'object' ? ports[name] : undefined;
    chosen[name] =
      explicit ?? (ports === 'free' ? await findFreePort() : serviceSpec(name).defaultPort);
  }
  return chosen;
}
