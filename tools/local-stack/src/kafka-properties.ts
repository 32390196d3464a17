import * as path from 'node:path';

export interface KafkaPropertiesOptions {
  port: number;
  controllerPort: number;
  dataDir: string;
  /** Default partitions of topics created without a count (createTopics always gives one). */
  numPartitions?: number;
  /** The client listener's protocol (PLAINTEXT by default; SASL_SSL to test TLS and credentials). */
  listenerProtocol?: 'PLAINTEXT' | 'SASL_SSL';
  /** Added last (TLS key store, SASL users, ...). */
  extra?: Record<string, string>;
  /** This node's id in its cluster (1 when it is alone). */
  nodeId?: number;
  /** Every node of the cluster (broker and controller each): one node, this one, by default. */
  quorum?: readonly KafkaQuorumNode[];
  /**
   * A second PLAINTEXT listener whose advertised port is a TCP proxy's: a client bootstrapped
   * through the proxy is told the proxy's address for every broker, so cutting the proxy cuts that
   * client off the cluster (the chaos suite, ADR 0022).
   */
  proxiedListener?: { port: number; advertisedPort: number };
}

export interface KafkaQuorumNode {
  id: number;
  controllerPort: number;
}

/**
 * Replication on a cluster of `size` nodes: three copies where there are three brokers, a write
 * acknowledged once two have it (acks=all), so one broker can fail without losing or refusing
 * writes (ADR 0022); one copy on a single broker.
 */
export function clusterReplication(size: number): {
  replicationFactor: number;
  minInsyncReplicas: number;
} {
  const replicationFactor = Math.max(1, Math.min(3, size));
  return { replicationFactor, minInsyncReplicas: Math.max(1, replicationFactor - 1) };
}

/**
 * server.properties of a KRaft node (broker and controller in one process) for development and
 * tests: a single node by default (replication factor 1 everywhere), or one node of a `quorum` of
 * three (replication factor 3, two in sync, ADR 0022); no auto-created topics, small segments, and
 * no initial rebalance delay so that consumers join at once.
 */
export function kafkaServerProperties(options: KafkaPropertiesOptions): Record<string, string> {
  const { port, controllerPort, dataDir, proxiedListener } = options;
  const protocol = options.listenerProtocol ?? 'PLAINTEXT';
  const nodeId = options.nodeId ?? 1;
  const quorum = options.quorum ?? [{ id: nodeId, controllerPort }];
  const { replicationFactor, minInsyncReplicas } = clusterReplication(quorum.length);
  const rf = String(replicationFactor);
  const isr = String(minInsyncReplicas);
  const proxied = proxiedListener && protocol === 'PLAINTEXT' ? proxiedListener : undefined;
  return {
    'process.roles': 'broker,controller',
    'node.id': String(nodeId),
    'controller.quorum.voters': quorum
      .map((node) => `${node.id}@127.0.0.1:${node.controllerPort}`)
      .join(','),
    listeners: [
      `${protocol}://127.0.0.1:${port}`,
      ...(proxied ? [`PROXIED://127.0.0.1:${proxied.port}`] : []),
      `CONTROLLER://127.0.0.1:${controllerPort}`,
    ].join(','),
    'advertised.listeners': [
      `${protocol}://127.0.0.1:${port}`,
      ...(proxied ? [`PROXIED://127.0.0.1:${proxied.advertisedPort}`] : []),
    ].join(','),
    'listener.security.protocol.map': [
      `${protocol}:${protocol}`,
      ...(proxied ? ['PROXIED:PLAINTEXT'] : []),
      'CONTROLLER:PLAINTEXT',
    ].join(','),
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': protocol,
    'log.dirs': path.join(dataDir, 'logs'),
    'num.partitions': String(options.numPartitions ?? 3),
    'default.replication.factor': rf,
    'min.insync.replicas': isr,
    'offsets.topic.replication.factor': rf,
    // 50 partitions (the default) make the first consumer group join slow on a small machine.
    'offsets.topic.num.partitions': '10',
    'transaction.state.log.replication.factor': rf,
    'transaction.state.log.min.isr': isr,
    'transaction.state.log.num.partitions': '10',
    'group.initial.rebalance.delay.ms': '0',
    'auto.create.topics.enable': 'false',
    'delete.topic.enable': 'true',
    'num.network.threads': '2',
    'num.io.threads': '4',
    'num.recovery.threads.per.data.dir': '1',
    'log.segment.bytes': String(16 * 1024 * 1024),
    'log.retention.hours': '24',
    'log.retention.bytes': String(256 * 1024 * 1024),
    'log.retention.check.interval.ms': '60000',
    'log.cleaner.threads': '1',
    // The cleaner's default 128 MiB buffer is a quarter of the dev heap.
    'log.cleaner.dedupe.buffer.size': String(16 * 1024 * 1024),
    'log.cleaner.backoff.ms': '5000',
    // The controller appends a no-op record to the metadata log every 500 ms by default, to show
    // liveness to other voters and brokers: a single node is the only one (ADR 0065).
    ...(quorum.length === 1 ? { 'metadata.max.idle.interval.ms': '5000' } : {}),
    ...options.extra,
  };
}

export function renderProperties(properties: Record<string, string>): string {
  const lines = Object.entries(properties).map(([key, value]) => `${key}=${escapeValue(value)}`);
  return `# Written by @opp/local-stack; rewritten at every start.\n${lines.join('\n')}\n`;
}

// java.util.Properties treats backslashes as escapes (Windows paths) and leading blanks as separators.
function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/^\s/, (blank) => `\\${blank}`);
}
