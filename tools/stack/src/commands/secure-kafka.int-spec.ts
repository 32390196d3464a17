import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { allTopics } from '@opp/contracts';
import {
  databaseUrl,
  findFreePort,
  findRepoRoot,
  localDir,
  startKafkaBroker,
  startStack,
  withAdmin,
  type KafkaBrokerHandle,
} from '@opp/local-stack';
import { kafkaSecurityOptions, type KafkaSecuritySettings } from '@opp/messaging';
import { topicsCommand } from './topics';

/** A self-signed certificate for 127.0.0.1 that is its own CA; `keystore` holds key + chain (PEM). */
function selfSignedCertificate(dir: string, name: string) {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.pem`);
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
    '-keyout', key, '-out', cert, '-subj', `/CN=${name}`,
    '-addext', 'subjectAltName=IP:127.0.0.1',
    '-addext', 'basicConstraints=critical,CA:TRUE',
  ], { stdio: 'ignore' }); // prettier-ignore
  const keystore = path.join(dir, `${name}.keystore.pem`);
  fs.writeFileSync(keystore, fs.readFileSync(key, 'utf8') + fs.readFileSync(cert, 'utf8'));
  return { cert, keystore };
}

// A broker that only speaks SASL_SSL: every client must verify its certificate and log in. The topic
// Job and a service started with the same variables as in production (KAFKA_SSL*, KAFKA_SASL_*) work;
// a wrong password or an untrusted CA does not.
describe('Kafka over TLS with SASL credentials', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opp-secure-kafka-'));
  const server = selfSignedCertificate(dir, 'broker');
  const stranger = selfSignedCertificate(dir, 'stranger');
  const prefix = `t.secure_kafka.${Date.now().toString(36)}.`;
  let broker: KafkaBrokerHandle;
  let env: Record<string, string>;

  const settings = (password: string, caFile = server.cert): KafkaSecuritySettings => ({
    kafkaSsl: true,
    kafkaSslCaFile: caFile,
    kafkaSaslMechanism: 'plain',
    kafkaSaslUsername: 'payouts',
    kafkaSaslPassword: password,
  });
  const partitionsOf = (topic: string) =>
    withAdmin(
      broker.brokers,
      async (admin) =>
        (await admin.fetchTopicMetadata({ topics: [topic] })).topics[0].partitions.length,
      { security: kafkaSecurityOptions(settings('payouts-pw')) },
    );

  beforeAll(async () => {
    const [port, controllerPort] = [await findFreePort(), await findFreePort()];
    const repoRoot = findRepoRoot();
    broker = await startKafkaBroker({
      port,
      controllerPort,
      dataDir: path.join(dir, 'kafka'),
      logFile: localDir(repoRoot, 'logs', 'test', 'secure_kafka', 'kafka.log'),
      repoRoot,
      secure: {
        properties: {
          'ssl.keystore.type': 'PEM',
          'ssl.keystore.location': server.keystore,
          'ssl.truststore.type': 'PEM',
          'ssl.truststore.location': server.cert,
          'sasl.enabled.mechanisms': 'PLAIN',
          'sasl.mechanism.inter.broker.protocol': 'PLAIN',
          'listener.name.sasl_ssl.plain.sasl.jaas.config':
            'org.apache.kafka.common.security.plain.PlainLoginModule required ' +
            'username="broker" password="broker-pw" user_broker="broker-pw" user_payouts="payouts-pw";',
        },
        clientSecurity: kafkaSecurityOptions(settings('payouts-pw')),
      },
    });
    env = {
      NODE_ENV: 'production',
      KAFKA_BROKERS: broker.brokers,
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: server.cert,
      KAFKA_SASL_MECHANISM: 'plain',
      KAFKA_SASL_USERNAME: 'payouts',
      KAFKA_SASL_PASSWORD: 'payouts-pw',
      KAFKA_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_TOPIC_MIN_INSYNC_REPLICAS: '1',
    };
  });

  afterAll(async () => {
    await broker?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the topics with the configured partitions, and grows them when raised', async () => {
    const unsized = allTopics.find((topic) => topic.partitions === undefined);
    const topic = `${prefix}${unsized?.name}`;
    expect(await topicsCommand({ ...env, KAFKA_TOPIC_PARTITIONS: '2' })).toBe(0);
    expect(await partitionsOf(topic)).toBe(2);
    expect(await topicsCommand({ ...env, KAFKA_TOPIC_PARTITIONS: '4' })).toBe(0);
    expect(await partitionsOf(topic)).toBe(4);
  });

  it('refuses a wrong password and a broker certificate from another CA', async () => {
    await expect(topicsCommand({ ...env, KAFKA_SASL_PASSWORD: 'wrong' })).rejects.toThrow(
      /SASL|authenticat/i,
    );
    await expect(topicsCommand({ ...env, KAFKA_SSL_CA_FILE: stranger.cert })).rejects.toThrow(
      /certificate|self.signed|verify/i,
    );
  });

  it('runs a service against it with the production variables', async () => {
    const adminUrl =
      process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const tag = process.env.OPP_TEST_DB_TAG ? `${process.env.OPP_TEST_DB_TAG}_` : '';
    const stack = await startStack({
      services: ['payouts'],
      brokers: broker.brokers,
      topics: [], // created above by the topic Job over SASL_SSL
      prefix,
      dbPrefix: `opp_t_${tag}secure_kafka_`,
      adminUrl,
      databaseUrlFor: (_name, database) => databaseUrl(adminUrl, database),
      resetDatabases: true,
      nodeEnv: 'test',
      logLevel: 'warn',
      extraEnv: { ...env, NODE_ENV: 'test' },
      logDir: localDir(findRepoRoot(), 'logs', 'test', 'secure_kafka'),
    });
    try {
      const ready = await fetch(`${stack.services.payouts?.url}/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      await stack.stop();
    }
  });
});
