import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/** A metric's definition without the registry: the registry it belongs to is the service's. */
export type CounterDefinition<L extends string> = Omit<CounterConfiguration<L>, 'registers'>;
export type GaugeDefinition<L extends string> = Omit<GaugeConfiguration<L>, 'registers'>;
export type HistogramDefinition<L extends string> = Omit<HistogramConfiguration<L>, 'registers'>;

export interface MetricsRegistryOptions {
  /** Node process metrics (CPU, memory, event loop lag, GC); off for throwaway registries. */
  defaultMetrics?: boolean;
}

/**
 * How often the event-loop delay histogram samples (prom-client's default is 10 ms). Its timer wakes
 * an idle process each time: at 10 ms that alone was about half a percent of a core per service
 * (ADR 0065). A block shorter than this can go unseen; the longer stalls the histogram exists for
 * still show.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * One service's Prometheus registry, every series labelled with the service's name. Each app gets
 * its own instance (not prom-client's global one), so several apps or tests in one process never
 * collide. Metrics are created on first use and the same instance is returned after that, so two
 * pieces of code naming the same metric share it.
 */
export class MetricsRegistry {
  private readonly registry = new Registry();

  constructor(
    readonly service: string,
    options: MetricsRegistryOptions = {},
  ) {
    this.registry.setDefaultLabels({ service });
    if (options.defaultMetrics !== false) {
      collectDefaultMetrics({
        register: this.registry,
        eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS,
      });
    }
  }

  counter<L extends string>(definition: CounterDefinition<L>): Counter<L> {
    return this.getOrCreate(definition.name, Counter, () => new Counter(this.with(definition)));
  }

  gauge<L extends string>(definition: GaugeDefinition<L>): Gauge<L> {
    return this.getOrCreate(definition.name, Gauge, () => new Gauge(this.with(definition)));
  }

  histogram<L extends string>(definition: HistogramDefinition<L>): Histogram<L> {
    return this.getOrCreate(definition.name, Histogram, () => new Histogram(this.with(definition)));
  }

  /** The exposition text of every metric (what GET /metrics answers). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private with<D extends object>(definition: D): D & { registers: Registry[] } {
    return { ...definition, registers: [this.registry] };
  }

  private getOrCreate<M>(
    name: string,
    type: abstract new (...args: never[]) => M,
    create: () => M,
  ): M {
    const existing = this.registry.getSingleMetric(name);
    if (existing === undefined) return create();
    if (existing instanceof type) return existing;
    throw new Error(`Metric ${name} is already registered as another type`);
  }
}
