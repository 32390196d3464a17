// The production overlay on the operators the platform runs (deploy/README.md): Strimzi KafkaTopics,
// CloudNativePG Clusters and KEDA ScaledObjects, each valid against its CRD's schema (deploy/crds),
// and in agreement with the code: every topic of libs/contracts, every service's database, every
// consumer group with the topics it reads.
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { allTopics } from '@opp/contracts';
import { APPS, CONFIG_MAP_NAME, SECRET_NAME } from './apps';
import { declaredServiceName, groupIdCalls, serviceConsumerGroups } from './consumer-groups';
import { CUSTOM_RESOURCE_KINDS, customResourceProblems } from './crd-schemas';
import { renderOverlay, type K8sObject } from './render';

interface KafkaTopic extends K8sObject {
  spec: {
    topicName?: string;
    partitions: number;
    replicas: number;
    config: Record<string, unknown>;
  };
}
interface Cluster extends K8sObject {
  metadata: K8sObject['metadata'] & { annotations?: Record<string, string> };
  spec: {
    instances: number;
    enableSuperuserAccess?: boolean;
    inheritedMetadata?: { labels?: Record<string, string> };
    postgresql: { parameters: Record<string, string>; synchronous?: { number: number } };
    bootstrap: { initdb: { database: string; owner: string; secret?: { name: string } } };
  };
}
interface Trigger {
  type: string;
  metricType?: string;
  metadata: Record<string, string>;
  authenticationRef?: { name: string };
}
interface ScaledObject extends K8sObject {
  spec: {
    scaleTargetRef: { name: string; kind?: string };
    minReplicaCount: number;
    maxReplicaCount: number;
    triggers: Trigger[];
  };
}
interface TriggerAuthentication extends K8sObject {
  spec: {
    secretTargetRef?: Array<{ parameter: string; name: string; key: string }>;
    configMapTargetRef?: Array<{ parameter: string; name: string; key: string }>;
  };
}

/**
 * LISTEN connections per instance beside its pool of 10 (docs/operations/scaling.md): the outbox
 * relay's, and one per snapshot cache or scheduler the service runs.
 */
const LISTEN_CONNECTIONS: Record<string, number> = {
  'api-gateway': 1,
  'users-recurring': 1,
  payments: 2,
  payouts: 1,
  notifier: 4,
  'processing-orchestrator': 3,
};
const POOL_SIZE = 10;
/** Sessions of operators and tools beside the services (scaling.md). */
const HEADROOM = 10;

/**
 * Consumer groups the code opens that no ScaledObject scales on, and why; any other group the code
 * opens must be a service's own (the KafkaTransport's), which has one.
 */
const UNSCALED_GROUPS: Record<string, string> = {
  // One group per gateway replica, each reading every reply: no lag shared by the replicas.
  '`api-gateway.replies.${this.instanceId}`': 'per-replica reply group',
  // The trace read model, off every hot path (ADR 0066): its lag is no reason for more gateways.
  "'api-gateway.trace-messages'": 'trace recorder',
};
/** The services' KAFKA_SASL_MECHANISM as KEDA's kafka scaler spells it. */
const KEDA_SASL: Record<string, string> = {
  plain: 'plaintext',
  'scram-sha-256': 'scram_sha256',
  'scram-sha-512': 'scram_sha512',
};
const SERVICE_GROUP_CALL = {
  file: 'libs/messaging/src/kafka-transport.ts',
  argument: 'this.options.group',
};

const production = renderOverlay('production');
const ofKind = <T extends K8sObject>(kind: string) =>
  production.filter((o) => o.kind === kind) as T[];
const config = (ofKind('ConfigMap') as unknown as IConfigMap[]).find(
  (c) => c.metadata?.name === CONFIG_MAP_NAME,
)!.data!;
const prefix = config.KAFKA_TOPIC_PREFIX ?? '';
const topics = ofKind<KafkaTopic>('KafkaTopic');
const clusters = ofKind<Cluster>('Cluster');
const scaledObjects = ofKind<ScaledObject>('ScaledObject');
const hpas = production.filter(
  (o) => o.kind === 'HorizontalPodAutoscaler',
) as unknown as IHorizontalPodAutoscaler[];
const policies = production.filter(
  (o) => o.kind === 'NetworkPolicy',
) as unknown as INetworkPolicy[];
const policy = (name: string) => policies.find((p) => p.metadata?.name === name)!;
const topicName = (t: KafkaTopic) => t.spec.topicName ?? t.metadata.name;
const kafkaTriggers = (s: ScaledObject) => s.spec.triggers.filter((t) => t.type === 'kafka');

describe('deploy/overlays/production on the operators', () => {
  it('declares each custom resource valid against its CRD schema (deploy/crds)', () => {
    const custom = production.filter((o) =>
      CUSTOM_RESOURCE_KINDS.includes(`${o.apiVersion}/${o.kind}`),
    );
    expect(new Set(custom.map((o) => o.kind))).toEqual(
      new Set(['KafkaTopic', 'Cluster', 'ScaledObject', 'TriggerAuthentication']),
    );
    expect(
      custom.flatMap((o) => customResourceProblems(o).map((p) => `${o.metadata.name}: ${p}`)),
    ).toEqual([]);
  });

  it('refuses a manifest with a wrong field: type, unknown name, bound, scaler value', () => {
    const topic = structuredClone(topics[0]);
    topic.spec.partitions = '12' as unknown as number;
    (topic.spec as Record<string, unknown>).partiton = 12;
    expect(customResourceProblems(topic)).toEqual([
      '/spec should NOT have additional properties (partiton)',
      '/spec/partitions should be integer',
    ]);
    const cluster = structuredClone(clusters[0]);
    cluster.spec.instances = 0;
    expect(customResourceProblems(cluster)).toEqual(['/spec/instances should be >= 1']);
    const scaled = structuredClone(scaledObjects[0]);
    kafkaTriggers(scaled)[0].metadata.tls = 'yes';
    expect(customResourceProblems(scaled)).toEqual([
      '/spec/triggers/1/metadata/tls should be equal to one of the allowed values',
    ]);
  });

  describe('Kafka: the Topic Operator owns the topics', () => {
    const [host] = config.KAFKA_BROKERS.split(',');
    const bootstrap = /^([a-z0-9-]+)-kafka-bootstrap\.([a-z0-9-]+)\.svc:(\d+)$/.exec(host);

    it('runs no topics Job', () => {
      expect(production.filter((o) => o.kind === 'Job').map((o) => o.metadata.name)).toEqual([]);
    });

    it('declares every topic of libs/contracts with the shape the topics Job gives it', () => {
      expect(topics.map(topicName).sort()).toEqual(allTopics.map((t) => prefix + t.name).sort());
      for (const definition of allTopics) {
        const topic = topics.find((t) => topicName(t) === prefix + definition.name)!;
        expect({ name: definition.name, ...topic.spec }).toEqual({
          name: definition.name,
          partitions: definition.partitions ?? Number(config.KAFKA_TOPIC_PARTITIONS),
          replicas: Number(config.KAFKA_TOPIC_REPLICATION_FACTOR),
          config: {
            'min.insync.replicas': Number(config.KAFKA_TOPIC_MIN_INSYNC_REPLICAS),
            ...(definition.compacted ? { 'cleanup.policy': 'compact' } : {}),
          },
        });
      }
    });

    it('puts them in the namespace of the cluster the services connect to, labelled with its name', () => {
      // Strimzi names a cluster's bootstrap Service <cluster>-kafka-bootstrap.
      expect(bootstrap).not.toBeNull();
      const [, cluster, namespace] = bootstrap!;
      const egress = policy('egress-kafka').spec!.egress![0].to![0];
      expect(egress.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']).toBe(
        namespace,
      );
      for (const topic of topics) {
        expect(topic.metadata.namespace).toBe(namespace);
        expect(topic.metadata.labels?.['strimzi.io/cluster']).toBe(cluster);
      }
    });
  });

  describe('PostgreSQL: a CloudNativePG Cluster per service database', () => {
    it('runs no database-roles Job: initdb and its SQL do that work (database-bootstrap.spec.ts)', () => {
      expect(production.some((o) => o.kind === 'Job' && o.metadata.name === 'database-roles')).toBe(
        false,
      );
    });

    it.each(APPS)('$name: its database, owner, URL key and network label', (app) => {
      const mine = clusters.filter(
        (c) => c.metadata.annotations?.['opp.example.com/database-url'] === app.databaseEnv,
      );
      expect(mine).toHaveLength(1);
      const [cluster] = mine;
      expect(cluster.spec.bootstrap.initdb).toMatchObject({
        database: app.database,
        owner: app.database,
      });
      // No initdb.secret: CloudNativePG makes the owner's password and the Secret <cluster>-app.
      expect(cluster.spec.bootstrap.initdb.secret).toBeUndefined();
      expect(cluster.spec.instances).toBe(3);
      expect(cluster.spec.postgresql.synchronous?.number).toBeGreaterThanOrEqual(1);
      expect(cluster.spec.enableSuperuserAccess).toBe(false);
      // Where the service's NetworkPolicy lets it connect, and nowhere else.
      const to = policy(`egress-database-${app.name}`).spec!.egress![0].to![0];
      expect(cluster.metadata.namespace).toBe(
        to.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'],
      );
      expect(cluster.spec.inheritedMetadata?.labels).toMatchObject(to.podSelector!.matchLabels!);
    });

    it.each(APPS)(
      '$name: max_connections holds its most replicas, a surge pod and headroom',
      (app) => {
        const cluster = clusters.find((c) => c.spec.bootstrap.initdb.database === app.database)!;
        const scaled = scaledObjects.find((s) => s.spec.scaleTargetRef.name === app.name);
        const hpa = hpas.find((h) => h.spec?.scaleTargetRef.name === app.name);
        const maxReplicas = scaled?.spec.maxReplicaCount ?? hpa!.spec!.maxReplicas;
        const deployment = production.find(
          (o) => o.kind === 'Deployment' && o.metadata.name === app.name,
        ) as unknown as IDeployment;
        const surge = Number(deployment.spec!.strategy!.rollingUpdate!.maxSurge);
        const needed =
          (maxReplicas + surge) * (POOL_SIZE + LISTEN_CONNECTIONS[app.name]) + HEADROOM;
        expect(Number(cluster.spec.postgresql.parameters.max_connections)).toBeGreaterThanOrEqual(
          needed,
        );
      },
    );
  });

  describe('KEDA: consumers scale by CPU and by their lag', () => {
    const groups = serviceConsumerGroups();

    it('opens no consumer group that is neither a service group nor a known exception', () => {
      const calls = groupIdCalls();
      expect(calls.filter((c) => !(c.argument in UNSCALED_GROUPS))).toEqual([SERVICE_GROUP_CALL]);
      for (const app of APPS) expect(declaredServiceName(app.name)).toBe(app.name);
    });

    it('has a ScaledObject per service consumer group, and a plain HPA only where none is', () => {
      expect(scaledObjects.map((s) => s.metadata.name).sort()).toEqual([...groups.keys()].sort());
      for (const app of APPS) {
        const scaled = scaledObjects.filter((s) => s.spec.scaleTargetRef.name === app.name);
        const plain = hpas.filter((h) => h.spec?.scaleTargetRef.name === app.name);
        // KEDA makes an HPA of its own: a second one on the Deployment would fight it.
        expect({ app: app.name, autoscalers: scaled.length + plain.length }).toEqual({
          app: app.name,
          autoscalers: 1,
        });
      }
    });

    it.each([...groups.keys()])(
      '%s: a lag trigger on its group for each topic it reads',
      (group) => {
        const scaled = scaledObjects.find((s) => s.metadata.name === group)!;
        expect(scaled.spec.scaleTargetRef.name).toBe(group);
        expect(scaled.spec.scaleTargetRef.kind ?? 'Deployment').toBe('Deployment');
        const triggers = kafkaTriggers(scaled);
        expect(
          triggers.map((t) => `${t.metadata.consumerGroup} ${t.metadata.topic}`).sort(),
        ).toEqual(
          [...groups.get(group)!].map((topic) => `${prefix}${group} ${prefix}${topic}`).sort(),
        );
        for (const { metadata } of triggers) {
          expect(metadata.bootstrapServers).toBe(config.KAFKA_BROKERS);
          expect(metadata.sasl).toBe(KEDA_SASL[config.KAFKA_SASL_MECHANISM]);
          expect(metadata.tls).toBe(config.KAFKA_SSL === 'true' ? 'enable' : 'disable');
          // The consumers read a partition without committed offsets from its beginning
          // (KafkaTransport subscribes fromBeginning), so that is their lag.
          expect(metadata.offsetResetPolicy).toBe('earliest');
        }
        expect(scaled.spec.triggers).toContainEqual({
          type: 'cpu',
          metricType: 'Utilization',
          metadata: { value: '70' },
        });
      },
    );

    it.each([...groups.keys()])(
      '%s: 3 or more replicas, never more than its topics have partitions',
      (group) => {
        const { spec } = scaledObjects.find((s) => s.metadata.name === group)!;
        expect(spec.minReplicaCount).toBeGreaterThanOrEqual(3);
        expect(spec.minReplicaCount).toBeLessThanOrEqual(spec.maxReplicaCount);
        const partitions = [...groups.get(group)!].map(
          (name) => topics.find((t) => topicName(t) === prefix + name)!.spec.partitions,
        );
        expect(spec.maxReplicaCount).toBeLessThanOrEqual(Math.min(...partitions));
      },
    );

    it('reads the offsets as its own principal over TLS, with the CA the services use', () => {
      const auths = ofKind<TriggerAuthentication>('TriggerAuthentication');
      for (const scaled of scaledObjects) {
        for (const trigger of kafkaTriggers(scaled)) {
          expect(auths.map((a) => a.metadata.name)).toContain(trigger.authenticationRef?.name);
        }
      }
      expect(auths).toHaveLength(1);
      expect(auths[0].spec).toEqual({
        secretTargetRef: [
          { parameter: 'username', name: SECRET_NAME, key: 'KEDA_KAFKA_USERNAME' },
          { parameter: 'password', name: SECRET_NAME, key: 'KEDA_KAFKA_PASSWORD' },
        ],
        configMapTargetRef: [{ parameter: 'ca', name: 'opp-kafka-ca', key: 'ca.crt' }],
      });
    });
  });
});
