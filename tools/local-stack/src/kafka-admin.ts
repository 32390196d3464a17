import { Kafka, logLevel, type Admin, type KafkaConfig } from 'kafkajs';

/** TLS and SASL of a client (the services build it with kafkaSecurityOptions of @opp/messaging). */
export type KafkaSecurityOptions = Pick<KafkaConfig, 'ssl' | 'sasl'>;

/** A connected kafkajs admin client, quiet, for tooling; always disconnected after `use`. */
export async function withAdmin<T>(
  brokers: string,
  use: (admin: Admin) => Promise<T>,
  {
    connectionTimeout = 3_000,
    retries = 5,
    security,
  }: { connectionTimeout?: number; retries?: number; security?: KafkaSecurityOptions } = {},
): Promise<T> {
  const kafka = new Kafka({
    ...security,
    clientId: 'opp-local-stack',
    brokers: brokers.split(',').map((broker) => broker.trim()),
    logLevel: logLevel.NOTHING,
    connectionTimeout,
    retry: { retries, initialRetryTime: 200, maxRetryTime: 2_000 },
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** Resolves once the cluster answers a metadata request with at least one broker. */
export async function waitForKafka(
  brokers: string,
  {
    timeoutMs = 90_000,
    isDead,
    security,
  }: {
    timeoutMs?: number;
    isDead?: () => string | undefined;
    security?: KafkaSecurityOptions;
  } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const dead = isDead?.();
    if (dead) throw new Error(dead);
    try {
      const cluster = await withAdmin(brokers, (admin) => admin.describeCluster(), {
        connectionTimeout: 1_000,
        retries: 0,
        security,
      });
      if (cluster.brokers.length > 0) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError);
  throw new Error(`Kafka at ${brokers} did not answer within ${timeoutMs / 1000}s (${reason})`);
}
