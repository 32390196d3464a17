import type { Counter, Gauge, Histogram, MetricsRegistry } from '@opp/observability';

type Outcome = 'ok' | 'error';

/** The instruments of one topic, bound to their labels once so the hot path allocates nothing. */
export interface TopicInstruments {
  duration: Record<Outcome, Histogram.Internal<'topic' | 'outcome'>>;
  errors: Counter.Internal;
  deadLetters: Counter.Internal;
}

/**
 * What the Kafka transport measures, by logical topic name (without the environment's prefix):
 * handler durations and failures, messages parked on a dead-letter topic, and consumer lag.
 */
export class TransportMetrics {
  private readonly duration: Histogram<'topic' | 'outcome'>;
  private readonly errors: Counter<'topic'>;
  private readonly deadLetters: Counter<'topic'>;
  private readonly lag: Gauge<'topic' | 'partition'>;
  private readonly byTopic = new Map<string, TopicInstruments>();

  constructor(metrics: MetricsRegistry) {
    this.duration = metrics.histogram({
      name: 'opp_kafka_handler_duration_seconds',
      help: 'Kafka handler runs (one per attempt, inbox transaction included), by topic and outcome',
      labelNames: ['topic', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
    this.errors = metrics.counter({
      name: 'opp_kafka_handler_errors_total',
      help: 'Kafka handler attempts that failed (each retry counts), by topic',
      labelNames: ['topic'],
    });
    this.deadLetters = metrics.counter({
      name: 'opp_kafka_dead_letters_total',
      help: 'Messages parked on their dead-letter topic, by the topic they came from',
      labelNames: ['topic'],
    });
    this.lag = metrics.gauge({
      name: 'opp_kafka_consumer_lag_messages',
      help: 'Messages behind the partition end after the last batch the consumer fetched',
      labelNames: ['topic', 'partition'],
    });
  }

  /** The bound instruments of a topic, created on its first message. */
  topic(name: string): TopicInstruments {
    let instruments = this.byTopic.get(name);
    if (!instruments) {
      instruments = {
        duration: {
          ok: this.duration.labels(name, 'ok'),
          error: this.duration.labels(name, 'error'),
        },
        errors: this.errors.labels(name),
        deadLetters: this.deadLetters.labels(name),
      };
      this.byTopic.set(name, instruments);
    }
    return instruments;
  }

  recordLag(topic: string, partition: number, lag: number): void {
    this.lag.set({ topic, partition }, lag);
  }
}
