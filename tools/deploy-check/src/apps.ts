// The six deployable apps and the facts the deployment files must agree on (docs/CONVENTIONS.md).
export interface AppSpec {
  readonly name: string;
  readonly port: number;
  readonly databaseEnv: string;
  readonly database: string;
}

const app = (name: string, port: number, envPrefix: string): AppSpec => ({
  name,
  port,
  databaseEnv: `${envPrefix}_DATABASE_URL`,
  database: `opp_${name.replace(/-/g, '_')}`,
});

export const APPS: readonly AppSpec[] = [
  app('api-gateway', 3000, 'GATEWAY'),
  app('users-recurring', 3001, 'USERS_RECURRING'),
  app('payments', 3002, 'PAYMENTS'),
  app('payouts', 3003, 'PAYOUTS'),
  app('notifier', 3004, 'NOTIFIER'),
  app('processing-orchestrator', 3005, 'PROCESSING_ORCHESTRATOR'),
];

/** The apps that hold the platform key ring SECRETS_KEYS; the others start without it (ADR 0063). */
export const PLATFORM_KEY_RING_APPS: readonly string[] = [
  'api-gateway',
  'notifier',
  'processing-orchestrator',
];

/** The Secret the platform creates; manifests reference it and never define it. */
export const SECRET_NAME = 'opp-secrets';
export const CONFIG_MAP_NAME = 'opp-config';
/** The Secret holding the database superuser URL, read by the database-roles Job alone. */
export const DB_ADMIN_SECRET = 'opp-db-admin';
/** The gateway's internal listener (ADMIN_PORT): admin API and metrics. */
export const GATEWAY_ADMIN_PORT = 3010;
export const OVERLAYS = ['staging', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];
/**
 * Whether the overlay runs on the platform's operators: Strimzi's Topic Operator and CloudNativePG
 * in place of the base's kafka-topics and database-roles Jobs, KEDA ScaledObjects in place of the
 * consumers' HPAs (deploy/README.md; checked by operators.spec.ts). Staging runs the base's.
 */
export const ON_OPERATORS: Record<Overlay, boolean> = { staging: false, production: true };
/** Kinds the operators' namespaces hold, not the overlay's (the Kafka cluster's, the databases'). */
export const OPERATOR_NAMESPACED_KINDS: readonly string[] = ['KafkaTopic', 'Cluster'];

/** Environment variables holding secrets: never defaulted, never literal. */
export const SECRET_ENV = /(TOKEN|SECRET|PASSWORD|KEYS?)$|DATABASE_URL$/;
