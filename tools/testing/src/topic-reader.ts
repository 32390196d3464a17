import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';

const READ_TIMEOUT_MS = 120_000;

/**
 * Reads every message of every topic on the broker whose name starts with `topicPrefix` (one stack's;
 * internal `__` topics excepted) from the earliest offset at least to the end they had when called, handing
 * each to `visit` with its topic and partition.
 */
export async function readTopicsToEnd(
  brokers: string[],
  topicPrefix: string,
  visit: (topic: string, partition: number, message: KafkaMessage) => void,
): Promise<void> {
  const kafka = new Kafka({ clientId: 'topic-reader', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const remaining = new Map<string, bigint>();
  try {
    const topics = (await admin.listTopics()).filter(
      (topic) => !topic.startsWith('__') && topic.startsWith(topicPrefix),
    );
    for (const topic of topics) {
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
        if (BigInt(high) > BigInt(low)) remaining.set(`${topic}:${partition}`, BigInt(high));
      }
    }
  } finally {
    await admin.disconnect();
  }
  if (remaining.size === 0) return;
  const consumer = kafka.consumer({ groupId: `topic-reader-${Date.now()}-${process.pid}` });
  await consumer.connect();
  try {
    await consumer.subscribe({
      topics: [...new Set([...remaining.keys()].map(topicOf))],
      fromBeginning: true,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`could not read ${remaining.size} partitions to their end`)),
        READ_TIMEOUT_MS,
      );
      void consumer
        .run({
          eachBatch: async ({ batch }) => {
            for (const message of batch.messages) visit(batch.topic, batch.partition, message);
            const id = `${batch.topic}:${batch.partition}`;
            const end = remaining.get(id);
            if (end !== undefined && BigInt(batch.lastOffset()) + 1n >= end) remaining.delete(id);
            if (remaining.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
}

const topicOf = (id: string) => id.slice(0, id.lastIndexOf(':'));
