import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { oncePerScrape, type MetricsRegistry } from '@opp/observability';
import { DEFAULT_OUTBOX_MAX_ATTEMPTS } from './outbox-relay';

interface OutboxStats {
  backlog: number;
  setAside: number;
  oldestAgeSeconds: number;
}

const logger = new Logger('OutboxMetrics');

/**
 * The outbox as Prometheus sees it, read on scrape with one query (the table is small when the
 * relay keeps up): messages waiting to be sent, messages set aside after the broker refused them
 * `maxAttempts` times, and how long the oldest waiting message has waited. When the database
 * cannot be read the gauges keep their last values (readiness reports the database).
 */
export function registerOutboxMetrics(
  metrics: MetricsRegistry,
  dataSource: DataSource,
  maxAttempts = DEFAULT_OUTBOX_MAX_ATTEMPTS,
): void {
  const read = oncePerScrape(async (): Promise<OutboxStats | undefined> => {
    try {
      const [row] = await dataSource.query<[Record<keyof OutboxStats, string | null>]>(
        `SELECT count(*) FILTER (WHERE attempts < $1) AS backlog,
                count(*) FILTER (WHERE attempts >= $1) AS "setAside",
                EXTRACT(EPOCH FROM now() - min(created_at) FILTER (WHERE attempts < $1))
                  AS "oldestAgeSeconds"
         FROM outbox_messages`,
        [maxAttempts],
      );
      return {
        backlog: Number(row.backlog),
        setAside: Number(row.setAside),
        oldestAgeSeconds: Number(row.oldestAgeSeconds ?? 0),
      };
    } catch (error) {
      logger.warn({ msg: 'outbox metrics not read', error: (error as Error).message });
      return undefined;
    }
  });
  const gauge = (name: string, help: string, key: keyof OutboxStats) =>
    metrics.gauge({
      name,
      help,
      async collect() {
        const stats = await read();
        if (stats) this.set(stats[key]);
      },
    });
  gauge('opp_outbox_backlog_messages', 'Outbox messages waiting for the relay', 'backlog');
  gauge(
    'opp_outbox_set_aside_messages',
    'Outbox messages the broker refused too often; they wait for an operator',
    'setAside',
  );
  gauge(
    'opp_outbox_oldest_message_age_seconds',
    'Age of the oldest outbox message waiting for the relay (0 when none waits)',
    'oldestAgeSeconds',
  );
}
