// The production shape of the cluster: who may talk to whom (NetworkPolicies), the gateway's internal
// listener, the topic Job's durability settings, Kafka over TLS with a principal per workload, and
// the database superuser kept to the provisioning Job.
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IService } from 'kubernetes-models/v1/Service';
import {
  APPS,
  CONFIG_MAP_NAME,
  DB_ADMIN_SECRET,
  GATEWAY_ADMIN_PORT,
  ON_OPERATORS,
  OVERLAYS,
} from './apps';
import { renderOverlay, type K8sObject } from './render';

const NAME = 'app.kubernetes.io/name';

describe.each(OVERLAYS)('deploy/overlays/%s cluster shape', (overlay) => {
  const objects: K8sObject[] = renderOverlay(overlay);
  const ofKind = <T>(kind: string) => objects.filter((o) => o.kind === kind) as unknown as T[];
  const named = <T>(kind: string, name: string): T => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found as unknown as T;
  };
  const policies = ofKind<INetworkPolicy>('NetworkPolicy');
  const config = named<IConfigMap>('ConfigMap', CONFIG_MAP_NAME).data ?? {};

  /** Does the policy's pod selector pick the pods of this workload? */
  const selects = (policy: INetworkPolicy, workload: string): boolean => {
    const { matchLabels, matchExpressions } = policy.spec!.podSelector;
    if (matchLabels?.[NAME] !== undefined) return matchLabels[NAME] === workload;
    const byName = matchExpressions?.find((e) => e.key === NAME);
    if (byName) return byName.operator === 'In' && (byName.values ?? []).includes(workload);
    return !matchLabels && !matchExpressions; // {} selects every pod
  };
  const namespaceOf = (peer: INetworkPolicyPeer) =>
    peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  const ingressRulesOf = (workload: string) =>
    policies.filter((p) => selects(p, workload)).flatMap((p) => p.spec!.ingress ?? []);
  const egressRulesOf = (workload: string) =>
    policies.filter((p) => selects(p, workload)).flatMap((p) => p.spec!.egress ?? []);

  it('denies all traffic by default, in and out, for every pod', () => {
    const deny = named<INetworkPolicy>('NetworkPolicy', 'default-deny');
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  });

  it('lets in only the ingress controller, and only to the gateway public port', () => {
    for (const policy of policies) {
      for (const rule of policy.spec!.ingress ?? []) {
        expect(rule.from?.length).toBeGreaterThan(0); // never "from anywhere"
        if ((rule.from ?? []).some((peer) => namespaceOf(peer) === 'ingress-nginx')) {
          expect(policy.spec!.podSelector.matchLabels).toEqual({ [NAME]: 'api-gateway' });
          expect(rule.ports).toEqual([{ protocol: 'TCP', port: 'http' }]);
        }
      }
    }
    for (const app of APPS.filter((a) => a.name !== 'api-gateway')) {
      const sources = ingressRulesOf(app.name).flatMap((rule) => rule.from ?? []);
      expect(sources.map(namespaceOf)).toEqual(sources.map(() => 'monitoring'));
    }
    const ingresses = ofKind<IIngress>('Ingress');
    const backends = ingresses.flatMap((i) =>
      (i.spec!.rules ?? []).flatMap((r) => r.http!.paths.map((p) => p.backend.service)),
    );
    for (const backend of backends)
      expect(backend).toEqual({ name: 'api-gateway', port: { name: 'http' } });
  });

  it('serves the admin listener on an internal Service that only operators and monitoring reach', () => {
    const admin = named<IService>('Service', 'api-gateway-admin');
    expect(admin.spec!.type).toBe('ClusterIP');
    expect(admin.spec!.selector).toMatchObject({ [NAME]: 'api-gateway' });
    expect(admin.spec!.ports).toEqual([
      { name: 'admin', port: GATEWAY_ADMIN_PORT, targetPort: 'admin' },
    ]);
    const gateway = named<IDeployment>('Deployment', 'api-gateway').spec!.template.spec!;
    const app = gateway.containers.find((c) => c.name === 'app')!;
    expect(app.env).toContainEqual({ name: 'ADMIN_PORT', value: String(GATEWAY_ADMIN_PORT) });
    // The listener binds loopback unless told otherwise (ADR 0061): the Service reaches the pod's IP.
    expect(app.env).toContainEqual({ name: 'ADMIN_HOST', value: '0.0.0.0' });
    const adminRules = ingressRulesOf('api-gateway').filter((rule) =>
      (rule.ports ?? []).some((port) => port.port === 'admin'),
    );
    expect(adminRules).toHaveLength(1);
    expect(adminRules[0].from).toEqual([
      { podSelector: { matchLabels: { 'opp.example.com/admin-client': 'true' } } },
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
    ]);
  });

  it.each(APPS)('$name reaches Kafka, DNS and its own database only', (app) => {
    const egress = egressRulesOf(app.name);
    const peers = egress.flatMap((rule) => (rule.to ?? []).map((peer) => ({ peer, rule })));
    const databases = peers.filter(({ peer }) => namespaceOf(peer) === 'databases');
    expect(databases.map(({ peer }) => peer.podSelector?.matchLabels)).toEqual([
      { 'opp.example.com/database': app.name },
    ]);
    expect(
      peers.some(
        ({ peer, rule }) => namespaceOf(peer) === 'kafka' && rule.ports?.[0].port === 9093,
      ),
    ).toBe(true);
    const internet = peers.filter(({ peer }) => peer.ipBlock);
    if (app.name === 'notifier') {
      expect(internet.every(({ rule }) => rule.ports?.every((p) => p.port === 443))).toBe(true);
      const v4 = internet.find(({ peer }) => peer.ipBlock!.cidr === '0.0.0.0/0')!.peer.ipBlock!;
      expect(v4.except).toEqual(expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']));
    } else {
      expect(internet).toEqual([]);
    }
  });

  it('creates topics with partitions for every replica and production durability', () => {
    const partitions = Number(config.KAFKA_TOPIC_PARTITIONS);
    const maxReplicas = Math.max(
      ...ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler').map(
        (h) => h.spec!.maxReplicas,
      ),
    );
    expect(partitions).toBeGreaterThanOrEqual(maxReplicas);
    expect(config.KAFKA_TOPIC_REPLICATION_FACTOR).toBe('3');
    expect(config.KAFKA_TOPIC_MIN_INSYNC_REPLICAS).toBe('2');
  });

  it('talks to Kafka over TLS, each workload as its own principal, the CA mounted where it is read', () => {
    expect(config).toMatchObject({
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SSL_CA_FILE: '/etc/opp/kafka/ca.crt',
    });
    expect(config.KAFKA_BROKERS).toMatch(/:9093(,|$)/);
    const workloads = [
      ...ofKind<IDeployment>('Deployment').map((d) => ({
        name: d.metadata!.name!,
        spec: d.spec!.template.spec!,
      })),
      // The topic Job where the overlay runs it (on the operators, the Topic Operator is the client).
      ...(ON_OPERATORS[overlay]
        ? []
        : [
            { name: 'kafka-topics', spec: named<IJob>('Job', 'kafka-topics').spec!.template.spec! },
          ]),
    ];
    const usernames = new Set<string>();
    for (const { name, spec } of workloads) {
      for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
        const username = c.env?.find((e) => e.name === 'KAFKA_SASL_USERNAME')?.value;
        expect({ name, container: c.name, username }).toEqual({
          name,
          container: c.name,
          username: name,
        });
        expect(
          c.env?.find((e) => e.name === 'KAFKA_SASL_PASSWORD')?.valueFrom?.secretKeyRef,
        ).toBeDefined();
        expect(mountsCa(spec, c)).toBe(true);
      }
      usernames.add(name);
    }
    expect(usernames.size).toBe(workloads.length);
  });

  it('keeps the database superuser to the database-roles Job', () => {
    const elsewhere = JSON.stringify(objects.filter((o) => o.metadata.name !== 'database-roles'));
    expect(elsewhere).not.toContain(DB_ADMIN_SECRET);
    expect(elsewhere).not.toContain('POSTGRES_ADMIN_URL');
    // On the operators there is no such Job: CloudNativePG's initdb does its work (operators.spec.ts).
    if (ON_OPERATORS[overlay]) return;
    const job = named<IJob>('Job', 'database-roles').spec!.template.spec!.containers[0];
    expect(job.command).toEqual(['node', 'dist/tools/stack/src/cli.js', 'databases']);
    expect(job.env?.find((e) => e.name === 'POSTGRES_ADMIN_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: DB_ADMIN_SECRET,
      key: 'POSTGRES_ADMIN_URL',
    });
    for (const app of APPS) {
      expect(
        job.env?.find((e) => e.name === app.databaseEnv)?.valueFrom?.secretKeyRef,
      ).toBeDefined();
    }
  });
});

function mountsCa(spec: IPodSpec, container: IContainer): boolean {
  const volume = spec.volumes?.find((v) => v.configMap?.name === 'opp-kafka-ca');
  return (container.volumeMounts ?? []).some(
    (m) => m.name === volume?.name && m.mountPath === '/etc/opp/kafka' && m.readOnly === true,
  );
}
