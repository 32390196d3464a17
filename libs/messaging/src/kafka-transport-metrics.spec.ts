import { UserCreatedV1Message } from '@opp/contracts';
import { MetricsRegistry } from '@opp/observability';
import { KafkaTransport } from './kafka-transport';
import { fakeBroker, PREFIX, TOPIC } from './test/fake-broker';

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
