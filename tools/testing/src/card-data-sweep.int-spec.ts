import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { createTopics } from '@opp/local-stack';
import { findCardDataInDatabases, findCardDataInTopics } from './card-data-sweep';
import { testCheckoutTag } from './infra/test-env';

/**
 * The sweep of global teardown bites: card data planted on a topic (a `.dlq` one) and in a jsonb
 * column is found, masked, with where it is. The planted topic and database are removed again, so
 * the run's own sweep does not find them.
 */
describe('card-data sweep', () => {
  const brokers = process.env.KAFKA_BROKERS!.split(',');
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL!;
  const suffix = Date.now().toString(36);
  const prefix = `t.sweep-probe.${suffix}.`;
  const topic = `${prefix}payments.requests.v1.dlq`;
  const database = `opp_t_${testCheckoutTag()}sweep_probe_${suffix}`;
  const kafka = new Kafka({ clientId: 'sweep-probe', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  const adminDb = new Client({ connectionString: adminUrl });

  beforeAll(async () => {
    await admin.connect();
    await adminDb.connect();
  });

  afterAll(async () => {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    await adminDb.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await adminDb.end();
  });

  it('finds a card number and a security code in a dead-letter topic, from the earliest offset', async () => {
    // The project's helper awaits the leaders: kafkajs's own wait fails on a metadata race.
    await createTopics(brokers.join(','), [{ name: topic, partitions: 2 }]);
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({
      topic,
      messages: [
        { key: 'a', value: '{"card":{"number":"4242424242424242","security_code":"737"}}' },
        { key: 'b', value: '{"sealedCard":"s1.dev.AAAA"}' },
      ],
    });
    await producer.disconnect();

    // The probe's own prefix, as the teardown reads its run's: the shared broker holds every other
    // suite's topics too, and reading them all outlasted the test's time under the whole suite.
    const found = (await findCardDataInTopics(brokers, prefix)).filter((f) =>
      f.where.includes(topic),
    );
    expect(found.map((f) => f.kind).sort()).toEqual(['card number', 'security code']);
    expect(found[0].where).toMatch(new RegExp(`^topic ${topic.replace(/\./g, '\\.')}\\[\\d\\]@0$`));
    expect(JSON.stringify(found)).not.toMatch(/4242424242|737/);
  });

  it('finds a card number in a jsonb column of a test database, not a masked one in text', async () => {
    await adminDb.query(`CREATE DATABASE "${database}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    try {
      await db.query(`CREATE TABLE outbox (id serial, payload jsonb, note text, amount bigint)`);
      await db.query(`INSERT INTO outbox (payload, note, amount) VALUES ($1, $2, $3)`, [
        { request: { account: '4000000000000002' } },
        'masked 424242******4242 only',
        4242424242424242n.toString(),
      ]);
    } finally {
      await db.end();
    }

    const found = await findCardDataInDatabases(adminUrl, [database]);
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'card number',
        where: `database ${database} outbox.payload`,
      }),
    ]);
  });
});
