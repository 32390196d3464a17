import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { createTopics } from '@opp/local-stack';

/**
 * Baseline: one bare kafkajs produce-to-consume round trip (produce a message, await it on a
 * consumer of the same topic), the unit the orchestration overhead per tree level is measured in.
 */
export async function startKafkaRoundTrip(brokers: string) {
  const topic = `bench.round-trip.${Date.now()}`;
  await createTopics(brokers, [{ name: topic, partitions: 1 }]);
  const kafka = new Kafka({ clientId: 'bench', brokers: [brokers], logLevel: logLevel.NOTHING });
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  const consumer = kafka.consumer({ groupId: `bench-${randomUUID()}`, maxWaitTimeInMs: 100 });
  const waiting = new Map<string, () => void>();
  await producer.connect();
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: false });
  let fetching = false;
  consumer.on(consumer.events.FETCH, () => (fetching = true));
  await consumer.run({
    eachMessage: async ({ message }) => {
      const id = message.key?.toString() ?? '';
      waiting.get(id)?.();
      waiting.delete(id);
    },
  });
  while (!fetching) await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    async roundTrip(): Promise<void> {
      const id = randomUUID();
      const arrived = new Promise<void>((resolve) => waiting.set(id, resolve));
      await producer.send({ topic, messages: [{ key: id, value: id }] });
      await arrived;
    },
    async close(): Promise<void> {
      await consumer.disconnect();
      await producer.disconnect();
    },
  };
}
