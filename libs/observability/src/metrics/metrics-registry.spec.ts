import { MetricsRegistry } from './metrics-registry';

describe('MetricsRegistry', () => {
  it('labels every series with the service, process metrics included', async () => {
    const metrics = new MetricsRegistry('payments');
    metrics.counter({ name: 'opp_things_total', help: 'things' }).inc();
    const text = await metrics.text();
    expect(text).toContain('opp_things_total{service="payments"} 1');
    expect(text).toMatch(/^process_resident_memory_bytes\{service="payments"\} \d+/m);
    expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('returns the same metric to everyone who names it, and refuses a second type', () => {
    const metrics = new MetricsRegistry('x', { defaultMetrics: false });
    const definition = { name: 'opp_shared_total', help: 'shared', labelNames: ['a'] as const };
    expect(metrics.counter(definition)).toBe(metrics.counter(definition));
    expect(() => metrics.gauge({ name: 'opp_shared_total', help: 'shared' })).toThrow(
      /already registered as another type/,
    );
  });

  it('keeps registries apart: two apps in one process never collide', async () => {
    const a = new MetricsRegistry('a', { defaultMetrics: false });
    const b = new MetricsRegistry('b', { defaultMetrics: false });
    a.gauge({ name: 'opp_level', help: 'level' }).set(1);
    b.gauge({ name: 'opp_level', help: 'level' }).set(2);
    expect(await a.text()).toContain('opp_level{service="a"} 1');
    expect(await b.text()).toContain('opp_level{service="b"} 2');
    expect(await b.text()).not.toContain('process_');
  });
});
