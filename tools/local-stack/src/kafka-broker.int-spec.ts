import { Kafka, logLevel } from 'kafkajs';
import { waitForKafka } from './kafka-admin';
import { createTopics } from './topics';

// The broker is the one global setup started (the local KRaft broker of startKafkaBroker when no
// Docker engine is around) and published in KAFKA_BROKERS.
describe('local Kafka broker', () => {
  const brokers = process.env.KAFKA_BROKERS as string;
  const prefix = `t.local_stack.${Date.now().toString(36)}.`;
  const kafka = new Kafka({
    clientId: 'local-stack-int',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();

  beforeAll(() => admin.connect());
  afterAll(() => admin.disconnect());

  it('answers metadata requests', async () => {
    await waitForKafka(brokers, { timeoutMs: 10_000 });
    const cluster = await admin.describeCluster();
    expect(cluster.brokers).toHaveLength(1);
  });

  it('creates missing topics once, with partitions and compaction as listed', async () => {
    const topics = [
      { name: 'sample.events.v1' },
      { name: 'sample.events.v1.dlq', partitions: 1 },
      { name: 'sample.snapshots.v1', compacted: true, partitions: 2 },
    ];
    const first = await createTopics(brokers, topics, { prefix });
    const [second, third] = await Promise.all([
      createTopics(brokers, topics, { prefix }),
      createTopics(brokers, topics, { prefix }),
    ]);

    expect(first.sort()).toEqual(topics.map((t) => `${prefix}${t.name}`).sort());
    expect(second).toEqual([]);
    expect(third).toEqual([]);
    const metadata = await admin.fetchTopicMetadata({ topics: first });
    const partitions = Object.fromEntries(
      metadata.topics.map((t) => [t.name.slice(prefix.length), t.partitions.length]),
    );
    expect(partitions).toEqual({
      'sample.events.v1': 3,
      'sample.events.v1.dlq': 1,
      'sample.snapshots.v1': 2,
    });
    const configs = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [
        { type: 2, name: `${prefix}sample.snapshots.v1`, configNames: ['cleanup.policy'] },
      ],
    });
    expect(configs.resources[0].configEntries[0].configValue).toBe('compact');
  });

  it('round-trips a message through a created topic', async () => {
    const topic = `${prefix}sample.events.v1`;
    const producer = kafka.producer();
    const consumer = kafka.consumer({ groupId: `${prefix}probe` });
    await Promise.all([producer.connect(), consumer.connect()]);
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      const received = new Promise<string>((resolve) => {
        void consumer.run({ eachMessage: async ({ message }) => resolve(String(message.value)) });
      });
      await producer.send({ topic, messages: [{ key: 'k', value: 'hello' }] });
      await expect(received).resolves.toBe('hello');
    } finally {
      await Promise.all([producer.disconnect(), consumer.disconnect()]);
    }
  });
});
