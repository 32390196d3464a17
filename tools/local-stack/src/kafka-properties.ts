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
}

/**
 * server.properties of a single-node KRaft cluster (broker and controller in one process) for
 * development and tests: replication factor 1 everywhere, no auto-created topics, small segments,
 * and no initial rebalance delay so that consumers join at once.
 */
export function kafkaServerProperties(options: KafkaPropertiesOptions): Record<string, string> {
  const { port, controllerPort, dataDir } = options;
  const protocol = options.listenerProtocol ?? 'PLAINTEXT';
  return {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `${protocol}://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `${protocol}://127.0.0.1:${port}`,
    'listener.security.protocol.map': `${protocol}:${protocol},CONTROLLER:PLAINTEXT`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': protocol,
    'log.dirs': path.join(dataDir, 'logs'),
    'num.partitions': String(options.numPartitions ?? 3),
    'default.replication.factor': '1',
    'min.insync.replicas': '1',
    'offsets.topic.replication.factor': '1',
    // 50 partitions (the default) make the first consumer group join slow on a small machine.
    'offsets.topic.num.partitions': '10',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
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
    // liveness to other voters and brokers: this node is the only one (ADR 0039).
    'metadata.max.idle.interval.ms': '5000',
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
