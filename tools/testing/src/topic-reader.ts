import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';

const READ_TIMEOUT_MS = 120_000;
const OFFSETS_AT_ONCE = 50;

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
    // A run leaves thousands of topics: their offsets are asked OFFSETS_AT_ONCE at a time, not
    // one after the other (that alone took most of a minute at the end of a full run).
    for (let i = 0; i < topics.length; i += OFFSETS_AT_ONCE) {
      const chunk = topics.slice(i, i + OFFSETS_AT_ONCE);
      const offsets = await Promise.all(chunk.map((topic) => admin.fetchTopicOffsets(topic)));
      chunk.forEach((topic, j) => {
        for (const { partition, high, low } of offsets[j]) {
          if (BigInt(high) > BigInt(low)) remaining.set(`${topic}:${partition}`, BigInt(high));
        }
      });
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
