// docker-compose.yml: the whole system with Kafka (KRaft) and PostgreSQL, secrets never defaulted.
import { APPS, PLATFORM_KEY_RING_APPS, type AppSpec } from './apps';
import { loadCompose } from './render';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string };
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
}

const { text, doc } = loadCompose();
const services = (doc as { services: Record<string, ComposeService> }).services;
const service = (name: string): ComposeService => {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};

const passwordVariable = (app: AppSpec) =>
  app.databaseEnv.replace(/_DATABASE_URL$/, '_DB_PASSWORD');
/** Each service logs in as its own role (named like its database) with its own password. */
const roleUrl = (app: AppSpec) =>
  `postgres://${app.database}:\${${passwordVariable(app)}:?set ${passwordVariable(app)}}` +
  `@postgres:5432/${app.database}`;

const REQUIRED_SECRETS = [
  'ADMIN_TOKEN',
  'SECRETS_KEYS',
  'POSTGRES_PASSWORD',
  ...APPS.map(passwordVariable),
];

describe('docker-compose.yml', () => {
  it('runs kafka, postgres, the topics job and the six services', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['kafka', 'postgres', 'topics', 'databases', ...APPS.map((a) => a.name)].sort(),
    );
  });

  it('runs Kafka 3.9.1 as a single KRaft node without topic auto-creation', () => {
    const kafka = service('kafka');
    expect(kafka.image).toMatch(/^apache\/kafka:3\.9\.1@/);
    expect(kafka.environment).toMatchObject({
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: 0,
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 1,
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: 1,
    });
    expect(kafka.healthcheck?.test).toBeDefined();
  });

  it('runs PostgreSQL 16 whose superuser only the databases job uses', () => {
    const postgres = service('postgres');
    expect(postgres.image).toMatch(/^postgres:16\b/);
    const superuserUrls = Object.entries(services)
      .filter(([, s]) => JSON.stringify(s.environment ?? {}).includes('postgres://postgres:'))
      .map(([name]) => name);
    expect(superuserUrls).toEqual(['databases']);
  });

  it('creates a role and a database per service with the stack CLI before the services start', () => {
    const databases = service('databases');
    expect(databases.build).toMatchObject({ context: '.', target: 'tools' });
    expect(databases.command).toEqual(['node', 'dist/tools/stack/src/cli.js', 'databases']);
    expect(databases.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const app of APPS) {
      expect(databases.environment?.[app.databaseEnv]).toBe(roleUrl(app));
    }
  });

  it('pins every image it pulls (rather than builds) by digest', () => {
    const unpinned = Object.entries(services)
      .filter(([, s]) => !s.build && !/@sha256:[0-9a-f]{64}$/.test(s.image ?? ''))
      .map(([name, s]) => `${name}: ${s.image}`);
    expect(unpinned).toEqual([]);
  });

  it('creates the topics with the stack CLI once Kafka is healthy', () => {
    const topics = service('topics');
    expect(topics.build).toMatchObject({ context: '.', target: 'tools' });
    expect(topics.depends_on).toEqual({ kafka: { condition: 'service_healthy' } });
    expect(topics.environment).toMatchObject({
      KAFKA_BROKERS: 'kafka:9092',
      KAFKA_TOPIC_REPLICATION_FACTOR: 1,
      KAFKA_TOPIC_MIN_INSYNC_REPLICAS: 1,
    });
  });

  it.each(APPS)(
    '$name: built from its Dockerfile target, migrated, healthy, wired to its database',
    (app) => {
      const s = service(app.name);
      // The root Dockerfile's target of that app (ADR 0071).
      expect(s.build).toEqual({ context: '.', target: app.name });
      expect(s.healthcheck?.test.join(' ')).toContain('/health/ready');
      expect(s.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        kafka: { condition: 'service_healthy' },
        topics: { condition: 'service_completed_successfully' },
        databases: { condition: 'service_completed_successfully' },
      });
      // Plain node on the compiled files ($$ is compose's escape for the image's own $APP).
      expect(s.command).toEqual([
        'sh',
        '-c',
        'node dist/apps/$$APP/src/migrate.js && exec node dist/apps/$$APP/src/main.js',
      ]);
      expect(s.environment).toMatchObject({
        NODE_ENV: 'production',
        KAFKA_BROKERS: 'kafka:9092',
        [app.databaseEnv]: roleUrl(app),
      });
      // Keys by service (ADR 0063): the platform key ring only where it is used.
      if (PLATFORM_KEY_RING_APPS.includes(app.name)) {
        expect(String(s.environment?.SECRETS_KEYS)).toMatch(/^\$\{SECRETS_KEYS:\?/);
      } else {
        expect(s.environment?.SECRETS_KEYS).toBeUndefined();
      }
      if (app.name === 'api-gateway') {
        expect(String(s.environment?.ADMIN_TOKEN)).toMatch(/^\$\{ADMIN_TOKEN:\?/);
        expect(s.ports?.some((p) => p.endsWith(':3000'))).toBe(true);
        // The admin listener binds loopback unless told otherwise (ADR 0061); the published port
        // reaches the container's own interface, so compose says every interface.
        expect(s.environment?.ADMIN_HOST).toBe('0.0.0.0');
      } else {
        expect(s.environment?.ADMIN_TOKEN).toBeUndefined();
        expect(s.ports).toBeUndefined();
      }
    },
  );

  it('gives no secret a default value: each is required with ${VAR:?message}', () => {
    const interpolations = [...text.matchAll(/\$\{([A-Z0-9_]+)([^}]*)\}/g)];
    const defaulted = interpolations
      .filter(([, name, rest]) => /TOKEN|SECRET|PASSWORD|KEYS/.test(name) && /^:?-/.test(rest))
      .map(([whole]) => whole);
    expect(defaulted).toEqual([]);
    for (const name of REQUIRED_SECRETS) {
      expect(interpolations.some(([, n, rest]) => n === name && rest.startsWith(':?'))).toBe(true);
    }
    const literals = Object.entries(services).flatMap(([svc, s]) =>
      Object.entries(s.environment ?? {})
        .filter(([key, value]) => REQUIRED_SECRETS.includes(key) && !String(value).startsWith('${'))
        .map(([key]) => `${svc}.${key}`),
    );
    expect(literals).toEqual([]);
  });
});
