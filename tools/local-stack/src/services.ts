/** The six applications and their environment (docs/CONVENTIONS.md). */
export const APP_NAMES = [
  'api-gateway',
  'users-recurring',
  'payments',
  'payouts',
  'notifier',
  'processing-orchestrator',
] as const;

export type AppName = (typeof APP_NAMES)[number];

export interface ServiceSpec {
  name: AppName;
  /** e.g. GATEWAY_PORT */
  portEnv: string;
  defaultPort: number;
  /** e.g. GATEWAY_DATABASE_URL */
  databaseEnv: string;
  /** dev database, e.g. opp_api_gateway */
  defaultDatabase: string;
}

const ENV_PREFIX: Record<AppName, string> = {
  'api-gateway': 'GATEWAY',
  'users-recurring': 'USERS_RECURRING',
  payments: 'PAYMENTS',
  payouts: 'PAYOUTS',
  notifier: 'NOTIFIER',
  'processing-orchestrator': 'PROCESSING_ORCHESTRATOR',
};

export const SERVICES: readonly ServiceSpec[] = APP_NAMES.map((name, index) => ({
  name,
  portEnv: `${ENV_PREFIX[name]}_PORT`,
  defaultPort: 3000 + index,
  databaseEnv: `${ENV_PREFIX[name]}_DATABASE_URL`,
  defaultDatabase: databaseName(name),
}));

export function isAppName(value: string): value is AppName {
  return (APP_NAMES as readonly string[]).includes(value);
}

export function serviceSpec(name: AppName): ServiceSpec {
  const spec = SERVICES.find((service) => service.name === name);
  if (!spec) throw new Error(`Unknown app ${String(name)}`);
  return spec;
}

/** `opp_` + the app name in snake case; another prefix gives a test stack its own databases. */
export function databaseName(name: AppName, prefix = 'opp_'): string {
  return `${prefix}${name.replace(/-/g, '_')}`;
}
