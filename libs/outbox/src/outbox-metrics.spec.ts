import type { DataSource } from 'typeorm';
import { MetricsRegistry } from '@opp/observability';
import { registerOutboxMetrics } from './outbox-metrics';

function fakeDataSource(answer: () => unknown[]) {
  const calls: unknown[][] = [];
  const dataSource = {
    query: async (...args: unknown[]) => {
      calls.push(args);
      return answer();
    },
  } as unknown as DataSource;
  return { dataSource, calls };
}

describe('registerOutboxMetrics', () => {
  it('reads backlog, set-aside count and oldest age with one query per scrape', async () => {
    const metrics = new MetricsRegistry('payments', { defaultMetrics: false });
    const { dataSource, calls } = fakeDataSource(() => [
      { backlog: '3', setAside: '1', oldestAgeSeconds: '12.5' },
    ]);
    registerOutboxMetrics(metrics, dataSource, 7);
    const text = await metrics.text();
    expect(text).toContain('opp_outbox_backlog_messages{service="payments"} 3');
    expect(text).toContain('opp_outbox_set_aside_messages{service="payments"} 1');
    expect(text).toContain('opp_outbox_oldest_message_age_seconds{service="payments"} 12.5');
    expect(calls).toHaveLength(1);
    expect(calls[0][1]).toEqual([7]);
  });

  it('reports age 0 for an empty outbox, and keeps the scrape up when the database is not', async () => {
    const metrics = new MetricsRegistry('payments', { defaultMetrics: false });
    let down = false;
    const { dataSource } = fakeDataSource(() => {
      if (down) throw new Error('connection refused');
      return [{ backlog: '0', setAside: '0', oldestAgeSeconds: null }];
    });
    registerOutboxMetrics(metrics, dataSource);
    expect(await metrics.text()).toContain(
      'opp_outbox_oldest_message_age_seconds{service="payments"} 0',
    );
    down = true;
    expect(await metrics.text()).toContain('opp_outbox_backlog_messages{service="payments"} 0');
  });
});
