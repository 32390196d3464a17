import type { EachMessagePayload, KafkaMessage } from 'kafkajs';
import { Topics, UserCreatedV1Message } from '@opp/contracts';
import { MetricsRegistry } from '@opp/observability';
import { newEnvelope } from './envelope-factory';
import type { KafkaConnection } from './kafka-connection';
import { KafkaTransport } from './kafka-transport';
import type { MessageProducer } from './message-producer';

const PREFIX = 'test-42.';
const TOPIC = Topics.userEvents.name;

/** A kafkajs consumer that hands us its message and batch callbacks instead of fetching. */
function fakeBroker() {
  const listeners = new Map<string, (event: { payload: unknown }) => void>();
  const state: { eachMessage?: (payload: EachMessagePayload) => Promise<void> } = {};
  const consumer = {
    events: { FETCH: 'fetch', CRASH: 'crash', END_BATCH_PROCESS: 'end_batch' },
    on: (event: string, listener: (event: { payload: unknown }) => void) =>
      listeners.set(event, listener),
    connect: async () => undefined,
    subscribe: async () => undefined,
    run: async (options: { eachMessage: (payload: EachMessagePayload) => Promise<void> }) => {
      state.eachMessage = options.eachMessage;
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
  const deliver = (identifier: string) => {
    const envelope = newEnvelope(UserCreatedV1Message, '7', {
      id: '7',
      projectId: 1,
      identifier,
      createdAt: new Date().toISOString(),
    });
    const message = {
      key: Buffer.from('7'),
      value: Buffer.from(JSON.stringify(envelope)),
      headers: {},
      offset: '0',
      timestamp: '0',
      attributes: 0,
    } as KafkaMessage;
    return state.eachMessage!({
      topic: `${PREFIX}${TOPIC}`,
      partition: 0,
      message,
    } as EachMessagePayload);
  };
  const batchEnded = (offsetLag: string) =>
    listeners.get('end_batch')!({
      payload: { topic: `${PREFIX}${TOPIC}`, partition: 1, offsetLag },
    });
  return { connection, producer, parked, deliver, batchEnded };
}

describe('KafkaTransport metrics', () => {
  it('times handlers, counts failed attempts and dead letters, and records lag, by topic name', async () => {
    const metrics = new MetricsRegistry('users-recurring', { defaultMetrics: false });
    const broker = fakeBroker();
    const transport = new KafkaTransport({
      connection: broker.connection,
      producer: broker.producer,
      group: 'users-recurring',
      metrics,
      retry: { attempts: 3, initialDelayMs: 1, maxDelayMs: 1 },
    });
    transport.addHandler(
      UserCreatedV1Message.type,
      async (payload: { identifier: string }) => {
        if (payload.identifier === 'bad') throw new Error('cannot apply');
      },
      true,
    );
    await transport.listen(() => undefined);

    await broker.deliver('good');
    await broker.deliver('bad');
    broker.batchEnded('5');

    expect(broker.parked).toEqual([`${PREFIX}${TOPIC}.dlq`]);
    const valuesOf = async (name: string) =>
      (await metrics.counter({ name, help: '' }).get()).values;
    expect(await valuesOf('opp_kafka_handler_errors_total')).toEqual([
      { labels: { topic: TOPIC }, value: 3 },
    ]);
    expect(await valuesOf('opp_kafka_dead_letters_total')).toEqual([
      { labels: { topic: TOPIC }, value: 1 },
    ]);
    const durations = await metrics
      .histogram({ name: 'opp_kafka_handler_duration_seconds', help: '' })
      .get();
    expect(durations.values.filter((v) => v.metricName?.endsWith('_count'))).toEqual([
      expect.objectContaining({ labels: { topic: TOPIC, outcome: 'ok' }, value: 1 }),
      expect.objectContaining({ labels: { topic: TOPIC, outcome: 'error' }, value: 3 }),
    ]);
    const lag = await metrics.gauge({ name: 'opp_kafka_consumer_lag_messages', help: '' }).get();
    expect(lag.values).toEqual([{ labels: { topic: TOPIC, partition: 1 }, value: 5 }]);
    await transport.close();
  });
});
