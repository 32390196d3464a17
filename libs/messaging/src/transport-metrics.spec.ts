import { MetricsRegistry } from '@opp/observability';
import { TransportMetrics } from './transport-metrics';

const TOPIC = 'payments.requests.v1';

describe('TransportMetrics', () => {
  it('binds a topic’s instruments once and counts under the topic name', async () => {
    const metrics = new MetricsRegistry('payments', { defaultMetrics: false });
    const transport = new TransportMetrics(metrics);
    const topic = transport.topic(TOPIC);
    expect(transport.topic(TOPIC)).toBe(topic);
    topic.duration.ok.observe(0.02);
    topic.duration.error.observe(0.5);
    topic.errors.inc();
    topic.deadLetters.inc();
    transport.recordLag(TOPIC, 2, 17);

    // The registry hands back the instruments the transport registered.
    const durations = await metrics
      .histogram({ name: 'opp_kafka_handler_duration_seconds', help: '' })
      .get();
    const counts = durations.values.filter((v) => v.metricName?.endsWith('_count'));
    expect(counts).toEqual([
      expect.objectContaining({ labels: { topic: TOPIC, outcome: 'ok' }, value: 1 }),
      expect.objectContaining({ labels: { topic: TOPIC, outcome: 'error' }, value: 1 }),
    ]);
    const valuesOf = async (name: string) =>
      (await metrics.counter({ name, help: '' }).get()).values;
    expect(await valuesOf('opp_kafka_handler_errors_total')).toEqual([
      { labels: { topic: TOPIC }, value: 1 },
    ]);
    expect(await valuesOf('opp_kafka_dead_letters_total')).toEqual([
      { labels: { topic: TOPIC }, value: 1 },
    ]);
    const lag = await metrics.gauge({ name: 'opp_kafka_consumer_lag_messages', help: '' }).get();
    expect(lag.values).toEqual([{ labels: { topic: TOPIC, partition: 2 }, value: 17 }]);
  });
});
