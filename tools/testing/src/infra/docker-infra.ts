import { findFreePort } from '@opp/local-stack';

export interface DockerInfra {
  brokers: string;
  /** Set when a PostgreSQL container was started. */
  databaseAdminUrl?: string;
  stop(): Promise<void>;
}

/** True when a container runtime answers within `timeoutMs`. */
export async function dockerAvailable(timeoutMs = 5_000): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), timeoutMs).unref(),
    );
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return true;
  } catch {
    return false;
  }
}

/** Kafka 3.9.1 (and PostgreSQL unless `withPostgres` is false) in containers. */
export async function startDockerInfra({
  withPostgres,
}: {
  withPostgres: boolean;
}): Promise<DockerInfra> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  const host = (await getContainerRuntimeClient()).info.containerRuntime.host;
  // Kafka advertises the address clients must use, so the host port is chosen before the start.
  const port = await findFreePort();
  const kafka = await new GenericContainer('apache/kafka:3.9.1')
    .withExposedPorts({ container: port, host: port })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: `PLAINTEXT://0.0.0.0:${port},CONTROLLER://127.0.0.1:9093`,
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port}`,
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@127.0.0.1:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '10',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      KAFKA_NUM_PARTITIONS: '3',
    })
    .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
    .withStartupTimeout(120_000)
    .start();
  const started: { stop(): Promise<unknown> }[] = [kafka];
  let databaseAdminUrl: string | undefined;
  try {
    if (withPostgres) {
      const postgres = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
        .withStartupTimeout(120_000)
        .start();
      started.push(postgres);
      databaseAdminUrl = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
    }
  } catch (error) {
    await Promise.allSettled(started.map((container) => container.stop()));
    throw error;
  }
  return {
    brokers: `${host}:${port}`,
    databaseAdminUrl,
    stop: async () => void (await Promise.allSettled(started.map((container) => container.stop()))),
  };
}
