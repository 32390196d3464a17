import * as path from 'node:path';
import { newClusterId, startKafkaBroker, type KafkaBrokerHandle } from './kafka-broker';
import { clusterReplication, type KafkaQuorumNode } from './kafka-properties';
import { isAlive, signalQuietly } from './process-utils';

export interface KafkaClusterNodePorts {
  port: number;
  controllerPort: number;
  /** The PROXIED listener's own port and the proxy's port it is advertised at (chaos suite). */
  proxied?: { port: number; advertisedPort: number };
}

export interface KafkaClusterOptions {
  /** One entry per node: node i + 1 gets ports[i]. */
  ports: readonly KafkaClusterNodePorts[];
  /** Node n keeps its data in `<dataDir>/node-<n>` and its log in `<dataDir>/node-<n>.log`. */
  dataDir: string;
  heapMb?: number;
  detached?: boolean;
  pidFileFor?: (nodeId: number) => string;
  readyTimeoutMs?: number;
  repoRoot?: string;
  log?: (line: string) => void;
}

export interface KafkaClusterNode {
  readonly id: number;
  readonly port: number;
  /** The current process (a restart replaces it). */
  readonly pid: number;
  /** SIGKILL, as a crashed machine; resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts the node again on its data (after kill or stop); resolves once it answers. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface KafkaCluster {
  /** Every node's `127.0.0.1:<port>`, comma-separated (KAFKA_BROKERS). */
  brokers: string;
  /** Bootstrap through the PROXIED listeners' advertised ports, when the nodes have one. */
  proxiedBrokers: string | undefined;
  nodes: KafkaClusterNode[];
  replicationFactor: number;
  minInsyncReplicas: number;
  stop(): Promise<void>;
}

/**
 * A KRaft cluster of `ports.length` nodes, each broker and controller, started together (a node
 * answers only once a majority of the quorum runs) from one cluster id. Topics created on it get
 * replication factor 3 and min.insync.replicas 2 from clusterReplication (ADR 0022).
 */
export async function startKafkaCluster(options: KafkaClusterOptions): Promise<KafkaCluster> {
  const quorum: KafkaQuorumNode[] = options.ports.map((ports, i) => ({
    id: i + 1,
    controllerPort: ports.controllerPort,
  }));
  const clusterId = newClusterId();
  const nodes = options.ports.map(
    (ports, i) => new ClusterNode(i + 1, ports, quorum, clusterId, options),
  );
  const started = await Promise.allSettled(nodes.map((node) => node.start()));
  const failed = started.flatMap((result): unknown[] =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  if (failed.length > 0) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw failed[0] instanceof Error ? failed[0] : new Error(String(failed[0]));
  }
  const proxied = options.ports.every((ports) => ports.proxied)
    ? options.ports.map((ports) => `127.0.0.1:${ports.proxied?.advertisedPort}`).join(',')
    : undefined;
  return {
    brokers: options.ports.map((ports) => `127.0.0.1:${ports.port}`).join(','),
    proxiedBrokers: proxied,
    nodes,
    ...clusterReplication(nodes.length),
    stop: async () => {
      await Promise.all(nodes.map((node) => node.stop()));
    },
  };
}

class ClusterNode implements KafkaClusterNode {
  readonly port: number;
  private handle?: KafkaBrokerHandle;

  constructor(
    readonly id: number,
    private readonly ports: KafkaClusterNodePorts,
    private readonly quorum: readonly KafkaQuorumNode[],
    private readonly clusterId: string,
    private readonly options: KafkaClusterOptions,
  ) {
    this.port = ports.port;
  }

  get pid(): number {
    return this.handle?.pid ?? 0;
  }

  async start(): Promise<void> {
    const dataDir = path.join(this.options.dataDir, `node-${this.id}`);
    this.handle = await startKafkaBroker({
      port: this.ports.port,
      controllerPort: this.ports.controllerPort,
      proxiedListener: this.ports.proxied,
      dataDir,
      logFile: `${dataDir}.log`,
      heapMb: this.options.heapMb,
      detached: this.options.detached,
      pidFile: this.options.pidFileFor?.(this.id),
      readyTimeoutMs: this.options.readyTimeoutMs,
      repoRoot: this.options.repoRoot,
      log: this.options.log,
      nodeId: this.id,
      quorum: this.quorum,
      clusterId: this.clusterId,
    });
  }

  async kill(): Promise<void> {
    const pid = this.pid;
    if (!pid) return;
    signalQuietly(pid, 'SIGKILL');
    while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
    await this.handle?.stop();
    this.handle = undefined;
  }

  async stop(): Promise<void> {
    await this.handle?.stop();
    this.handle = undefined;
  }
}
