import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import { Topics, UserCreatedV1Message } from '@opp/contracts';
import { newEnvelope } from '../envelope-factory';
import type { KafkaConnection } from '../kafka-connection';
import type { MessageProducer } from '../message-producer';

export const PREFIX = 'test-42.';
export const TOPIC = Topics.userEvents.name;

/** A raw Kafka message on the fake broker's topic. */
export function rawMessage(value: string, headers: Record<string, string> = {}): KafkaMessage {
  const message: KafkaMessage = {
    key: Buffer.from('7'),
    value: Buffer.from(value),
    headers,
    offset: '0',
    timestamp: '0',
    attributes: 0,
  };
  return message;
}

/** A `UserCreated` event as the broker holds it. */
export function userCreated(
  identifier: string,
  headers: Record<string, string> = {},
): KafkaMessage {
  const envelope = newEnvelope(UserCreatedV1Message, '7', {
    id: '7',
    projectId: 1,
    identifier,
    createdAt: new Date().toISOString(),
  });
  return rawMessage(JSON.stringify(envelope), headers);
}

/** A kafkajs consumer that hands us its message and batch callbacks instead of fetching. */
export function fakeBroker() {
  const listeners = new Map<string, (event: { payload: unknown }) => void>();
  const state: { eachBatch?: (payload: EachBatchPayload) => Promise<void> } = {};
  const consumer = {
    events: {
      FETCH: 'fetch',
      CRASH: 'crash',
      END_BATCH_PROCESS: 'end_batch',
      GROUP_JOIN: 'group_join',
    },
    commitOffsets: async () => undefined,
    on: (event: string, listener: (event: { payload: unknown }) => void) =>
      listeners.set(event, listener),
    connect: async () => undefined,
    subscribe: async () => undefined,
    run: async (options: { eachBatch: (payload: EachBatchPayload) => Promise<void> }) => {
      state.eachBatch = options.eachBatch;
    },
    disconnect: async () => undefined,
  };
  const connection = {
    kafka: { consumer: () => consumer },
    groupId: (group: string) => group,
    topicName: (topic: { name: string }) => `${PREFIX}${topic.name}`,
  } as unknown as KafkaConnection;
  const parked: string[] = [];
  const producer = {
    publishRaw: async (topic: string) => {
      parked.push(topic);
    },
  } as unknown as MessageProducer;
  /** One fetched batch of one message. */
  const deliverRaw = (message: KafkaMessage) =>
    state.eachBatch!({
      batch: {
        topic: `${PREFIX}${TOPIC}`,
        partition: 0,
        // As kafkajs gives it: the partition's next offset (the consumer span's lag reads it).
        highWatermark: String(BigInt(message.offset) + 1n),
        messages: [message],
      },
      resolveOffset: () => undefined,
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: () => false,
    } as unknown as EachBatchPayload);
  /** One fetched batch of the given messages, at offsets 0, 1, ... */
  const deliverAll = (messages: KafkaMessage[]) =>
    state.eachBatch!({
      batch: {
        topic: `${PREFIX}${TOPIC}`,
        partition: 0,
        highWatermark: String(messages.length),
        messages: messages.map((message, offset) => ({ ...message, offset: String(offset) })),
      },
      resolveOffset: () => undefined,
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: () => false,
    } as unknown as EachBatchPayload);
  const deliver = (identifier: string) => deliverRaw(userCreated(identifier));
  const batchEnded = (offsetLag: string) =>
    listeners.get('end_batch')!({
      payload: { topic: `${PREFIX}${TOPIC}`, partition: 1, offsetLag },
    });
  return { connection, producer, parked, deliver, deliverAll, deliverRaw, batchEnded };
}
