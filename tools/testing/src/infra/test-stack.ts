import { allTopics } from '@opp/contracts';
import { startStack, type AppName, type Stack } from '@opp/local-stack';
import {
  suiteLogDir,
  suitePrefixes,
  testBrokers,
  testDatabaseAdminUrl,
  testTemplatePrefix,
} from './test-env';

/**
 * The hook time of a `beforeAll` that starts a stack of several services: on a loaded machine that
 * takes longer than the integration tests' default.
 */
export const STACK_START_TIMEOUT_MS = 300_000;

export interface TestStackOptions {
  /** Names the suite's topics, databases and log directory; unique per test file. */
  suite: string;
  /** Default: all six apps. */
  services?: readonly AppName[];
  /** e.g. a short DELIVERY_RETRY_SCHEDULE. */
  extraEnv?: Record<string, string | undefined>;
  /** Default 'warn'. */
  logLevel?: string;
  readyTimeoutMs?: number;
  /** Another broker than global setup's (a test that stops its own broker). */
  brokers?: string;
  /** Another Node binary than this process's for the services (the Node 22 smoke, ADR 0071). */
  nodeBinary?: string;
}

/**
 * The apps of a suite on free ports, against the broker and PostgreSQL of global setup, with their
 * own topics (prefix) and their own fresh databases. Logs: .local/logs/test/<suite>/<app>.log.
 */
export async function startTestStack(options: TestStackOptions): Promise<Stack> {
  const { topicPrefix, dbPrefix } = suitePrefixes(options.suite);
  return startStack({
    services: options.services,
    brokers: options.brokers ?? testBrokers(),
    topics: allTopics,
    prefix: topicPrefix,
    dbPrefix,
    adminUrl: testDatabaseAdminUrl(),
    resetDatabases: true,
    // Copies of databases migrated once per run: a stack starts without six migration processes.
    databaseTemplatePrefix: testTemplatePrefix(),
    ports: 'free',
    nodeEnv: 'test',
    logLevel: options.logLevel ?? 'warn',
    extraEnv: options.extraEnv,
    logDir: suiteLogDir(options.suite),
    readyTimeoutMs: options.readyTimeoutMs,
    nodeBinary: options.nodeBinary,
  });
}
