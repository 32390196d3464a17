// Renders every kustomize overlay and checks it the way a cluster admission and a reviewer would:
// schema-valid objects, and the platform rules every service must follow.
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
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
  OPERATOR_NAMESPACED_KINDS,
  OVERLAYS,
  PLATFORM_KEY_RING_APPS,
  SECRET_ENV,
  SECRET_NAME,
  type Overlay,
} from './apps';
import { VALIDATED_KINDS, validateObject } from './k8s-models';
import { renderOverlay, type K8sObject } from './render';

const cache = new Map<Overlay, K8sObject[]>();
function objects(overlay: Overlay): K8sObject[] {
  let rendered = cache.get(overlay);
  if (!rendered) {
    rendered = renderOverlay(overlay);
    cache.set(overlay, rendered);
  }
  return rendered;
}

function find<T>(overlay: Overlay, kind: string, name: string): T {
  const found = objects(overlay).find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${overlay}: no ${kind} ${name}`);
  return found as unknown as T;
}

/** The replica bounds of an app: its HPA's, or its KEDA ScaledObject's where the overlay has one. */
function replicaBounds(overlay: Overlay, app: string) {
  const scaled = objects(overlay).find(
    (o) => o.kind === 'ScaledObject' && o.metadata.name === app,
  ) as
    | { spec: { scaleTargetRef: object; minReplicaCount: number; maxReplicaCount: number } }
    | undefined;
  if (scaled) {
    const { scaleTargetRef, minReplicaCount, maxReplicaCount } = scaled.spec;
    return { scaleTargetRef, min: minReplicaCount, max: maxReplicaCount };
  }
  const { scaleTargetRef, minReplicas, maxReplicas } = find<IHorizontalPodAutoscaler>(
    overlay,
    'HorizontalPodAutoscaler',
    app,
  ).spec!;
  return { scaleTargetRef, min: minReplicas!, max: maxReplicas };
}

function podSpecs(overlay: Overlay): Array<{ owner: string; spec: IPodSpec }> {
  return objects(overlay)
    .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
    .map((o) => ({
      owner: `${o.kind}/${o.metadata.name}`,
      spec: (o as unknown as IDeployment | IJob).spec!.template.spec!,
    }));
}

const allContainers = (spec: IPodSpec): IContainer[] => [
  ...(spec.initContainers ?? []),
  ...spec.containers,
];

/** Problems with the hardening and sizing every container of every pod must have. */
function podProblems(owner: string, spec: IPodSpec): string[] {
  const problems: string[] = [];
  if (spec.securityContext?.runAsNonRoot !== true) problems.push(`${owner}: pod not runAsNonRoot`);
  // The image's USER is a name ("node"): the kubelet can only verify non-root with a numeric id.
  if (!spec.securityContext?.runAsUser) problems.push(`${owner}: pod has no non-zero runAsUser`);
  for (const c of allContainers(spec)) {
    const at = `${owner} container ${c.name}`;
    const { requests, limits } = c.resources ?? {};
    if (!requests?.cpu || !requests.memory) problems.push(`${at}: missing cpu/memory requests`);
    if (!limits?.cpu || !limits.memory) problems.push(`${at}: missing cpu/memory limits`);
    if (c.securityContext?.allowPrivilegeEscalation !== false)
      problems.push(`${at}: allowPrivilegeEscalation not false`);
    if (c.securityContext?.readOnlyRootFilesystem !== true)
      problems.push(`${at}: root filesystem not read-only`);
    if (c.securityContext?.runAsUser === 0) problems.push(`${at}: runs as root`);
    const image = c.image ?? '';
    if (!/:[\w][\w.-]*$/.test(image) || image.endsWith(':latest'))
      problems.push(`${at}: image ${image} has no pinned tag`);
  }
  return problems;
}

/** The superuser URL: only the database-roles Job reads it, from a Secret of its own. */
const isDatabaseAdmin = (owner: string, env: string, secret?: string) =>
  owner === 'Job/database-roles' && env === 'POSTGRES_ADMIN_URL' && secret === DB_ADMIN_SECRET;

function secretRef(c: IContainer, env: string): { name?: string; key?: string } | undefined {
  return c.env?.find((e) => e.name === env)?.valueFrom?.secretKeyRef;
}

describe.each(OVERLAYS)('deploy/overlays/%s', (overlay) => {
  it('renders only registered kinds, each valid against its Kubernetes schema', () => {
    const problems: string[] = [];
    for (const obj of objects(overlay)) {
      try {
        validateObject(obj);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    expect(problems).toEqual([]);
    expect(VALIDATED_KINDS).toEqual(
      expect.arrayContaining(objects(overlay).map((o) => `${o.apiVersion}/${o.kind}`)),
    );
  });

  it("puts every object in one namespace, but topics and databases in their operators' ones", () => {
    const ours = objects(overlay).filter((o) => !OPERATOR_NAMESPACED_KINDS.includes(o.kind));
    const namespaces = new Set(ours.map((o) => o.metadata.namespace));
    expect([...namespaces]).toEqual([`opp-${overlay}`]);
  });

  it('hardens and sizes every pod (non-root, read-only root, no escalation, requests and limits)', () => {
    expect(podSpecs(overlay).flatMap(({ owner, spec }) => podProblems(owner, spec))).toEqual([]);
  });

  it('references secrets only: no Secret object, no literal secret value, only the platform Secret', () => {
    expect(objects(overlay).filter((o) => o.kind === 'Secret')).toEqual([]);
    const problems: string[] = [];
    for (const { owner, spec } of podSpecs(overlay)) {
      for (const c of allContainers(spec)) {
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (SECRET_ENV.test(e.name) && (e.value !== undefined || !ref))
            problems.push(`${owner}/${c.name}: ${e.name} is not a secretKeyRef`);
          if (ref && ref.name !== SECRET_NAME && !isDatabaseAdmin(owner, e.name, ref.name))
            problems.push(`${owner}/${c.name}: ${e.name} refers to Secret ${ref.name}`);
        }
        for (const from of c.envFrom ?? []) {
          if (from.secretRef && from.secretRef.name !== SECRET_NAME)
            problems.push(`${owner}/${c.name}: envFrom Secret ${from.secretRef.name}`);
          if (from.configMapRef && from.configMapRef.name !== CONFIG_MAP_NAME)
            problems.push(`${owner}/${c.name}: envFrom ConfigMap ${from.configMapRef.name}`);
        }
      }
    }
    const config = find<IConfigMap>(overlay, 'ConfigMap', CONFIG_MAP_NAME);
    for (const key of Object.keys(config.data ?? {})) {
      if (SECRET_ENV.test(key)) problems.push(`ConfigMap ${CONFIG_MAP_NAME} holds secret ${key}`);
    }
    expect(problems).toEqual([]);
  });

  it('configures Kafka through the shared ConfigMap', () => {
    const { data } = find<IConfigMap>(overlay, 'ConfigMap', CONFIG_MAP_NAME);
    expect(Object.keys(data ?? {})).toEqual(
      expect.arrayContaining(['NODE_ENV', 'LOG_LEVEL', 'KAFKA_BROKERS', 'KAFKA_TOPIC_PREFIX']),
    );
    expect(data?.KAFKA_BROKERS).toMatch(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/);
  });

  it('creates the Kafka topics with a Job running the stack CLI on the shared config', () => {
    if (ON_OPERATORS[overlay]) {
      // Strimzi's Topic Operator creates them from KafkaTopics (operators.spec.ts).
      expect(
        objects(overlay).filter((o) => o.kind === 'Job' && o.metadata.name === 'kafka-topics'),
      ).toEqual([]);
      return;
    }
    const topics = find<IJob>(overlay, 'Job', 'kafka-topics').spec!.template.spec!.containers;
    expect(topics).toHaveLength(1);
    expect(topics[0].command).toEqual(['node', 'dist/tools/stack/src/cli.js', 'topics']);
    expect(topics[0].envFrom).toEqual([{ configMapRef: { name: CONFIG_MAP_NAME } }]);
  });

  describe.each(APPS)('$name', (app) => {
    const deployment = () => find<IDeployment>(overlay, 'Deployment', app.name);
    const pod = () => deployment().spec!.template;
    const main = () => pod().spec!.containers.find((c) => c.name === 'app')!;

    it('runs its own image on its port with liveness and readiness probes', () => {
      const c = main();
      expect(c.image).toMatch(new RegExp(`/opp/${app.name}:[\\w.-]+$`));
      expect(c.ports).toEqual([
        { name: 'http', containerPort: app.port },
        ...(app.name === 'api-gateway'
          ? [{ name: 'admin', containerPort: GATEWAY_ADMIN_PORT }]
          : []),
      ]);
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(c.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(deployment().spec!.replicas).toBeUndefined(); // owned by the HPA
    });

    it('migrates its database in an init container of the same image before starting', () => {
      const init = pod().spec!.initContainers ?? [];
      const migrate = init.find((c) =>
        [...(c.command ?? []), ...(c.args ?? [])].includes(`dist/apps/${app.name}/src/migrate.js`),
      );
      expect(migrate).toBeDefined();
      expect(migrate!.image).toBe(main().image);
      expect(migrate!.command).toEqual(['node']);
      expect(migrate!.args).toEqual([`dist/apps/${app.name}/src/migrate.js`]);
      expect(secretRef(migrate!, app.databaseEnv)).toEqual({
        name: SECRET_NAME,
        key: app.databaseEnv,
      });
    });

    it('takes config from the ConfigMap and secrets by reference, ADMIN_TOKEN only on the gateway', () => {
      const c = main();
      expect(c.envFrom).toContainEqual({ configMapRef: { name: CONFIG_MAP_NAME } });
      expect(secretRef(c, app.databaseEnv)).toEqual({ name: SECRET_NAME, key: app.databaseEnv });
      // Keys by service (ADR 0063): the platform key ring only where it is used.
      if (PLATFORM_KEY_RING_APPS.includes(app.name)) {
        expect(secretRef(c, 'SECRETS_KEYS')).toEqual({ name: SECRET_NAME, key: 'SECRETS_KEYS' });
      } else {
        expect(secretRef(c, 'SECRETS_KEYS')).toBeUndefined();
      }
      const adminToken = secretRef(c, 'ADMIN_TOKEN');
      if (app.name === 'api-gateway') {
        expect(adminToken).toEqual({ name: SECRET_NAME, key: 'ADMIN_TOKEN' });
      } else {
        expect(adminToken).toBeUndefined();
      }
    });

    it('has a ClusterIP Service, a PodDisruptionBudget and an autoscaler that all point at its pods', () => {
      const labels = pod().metadata!.labels!;
      const service = find<IService>(overlay, 'Service', app.name);
      expect(service.spec!.type).toBe('ClusterIP');
      expect(labels).toMatchObject(service.spec!.selector!);
      expect(service.spec!.ports).toEqual([{ name: 'http', port: app.port, targetPort: 'http' }]);

      const pdb = find<IPodDisruptionBudget>(overlay, 'PodDisruptionBudget', app.name);
      expect(labels).toMatchObject(pdb.spec!.selector!.matchLabels!);
      expect(deployment().spec!.selector.matchLabels).toEqual(pdb.spec!.selector!.matchLabels);

      // An HPA, or a KEDA ScaledObject (whose target is a Deployment unless it names a kind).
      const bounds = replicaBounds(overlay, app.name);
      expect({ apiVersion: 'apps/v1', kind: 'Deployment', ...bounds.scaleTargetRef }).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: app.name,
      });
      expect(bounds.min).toBeGreaterThanOrEqual(1);
      expect(bounds.max).toBeGreaterThanOrEqual(bounds.min);
    });
  });
});

describe('deploy/overlays/production', () => {
  it('runs with NODE_ENV=production and no container overrides it', () => {
    const config = find<IConfigMap>('production', 'ConfigMap', CONFIG_MAP_NAME);
    expect(config.data?.NODE_ENV).toBe('production');
    const overrides = podSpecs('production').flatMap(({ spec }) =>
      allContainers(spec).flatMap((c) => (c.env ?? []).filter((e) => e.name === 'NODE_ENV')),
    );
    expect(overrides).toEqual([]);
  });

  it('exposes only the api-gateway, over TLS, through an Ingress', () => {
    const ingresses = objects('production').filter((o) => o.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const { spec } = ingresses[0] as unknown as IIngress;
    expect(spec!.tls?.length).toBeGreaterThan(0);
    const backends = spec!.rules!.flatMap((r) => r.http!.paths.map((p) => p.backend.service));
    expect(backends).toEqual([{ name: 'api-gateway', port: { name: 'http' } }]);
  });

  it('scales wider than staging', () => {
    const min = (overlay: Overlay) => replicaBounds(overlay, 'payments').min;
    expect(min('production')).toBeGreaterThan(min('staging'));
    expect(min('production')).toBeGreaterThanOrEqual(2);
  });
});
