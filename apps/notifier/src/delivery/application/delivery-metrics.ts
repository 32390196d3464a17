import { Injectable, Logger } from '@nestjs/common';
import { DELIVERY_KINDS, type DeliveryKind } from '@opp/contracts';
import { MetricsRegistry, oncePerScrape, type Counter } from '@opp/observability';
import type { DeliveryUpdate } from '../domain/delivery';
import { DeliveryStore } from './delivery.store';

/**
 * The delivery engine as Prometheus sees it: attempts by kind and result, deliveries that ran out
 * of retries (dead letters, waiting for an operator's replay), and the backlog of deliveries
 * waiting for an attempt, read on scrape.
 */
@Injectable()
export class DeliveryMetrics {
  private readonly logger = new Logger(DeliveryMetrics.name);
  private readonly attempts: Counter<'kind' | 'result'>;
  private readonly deadLetters: Counter<'kind'>;

  constructor(metrics: MetricsRegistry, deliveries: DeliveryStore) {
    this.attempts = metrics.counter({
      name: 'opp_delivery_attempts_total',
      help: 'Delivery attempts (HTTP requests, mails) by delivery kind and result',
      labelNames: ['kind', 'result'],
    });
    this.deadLetters = metrics.counter({
      name: 'opp_delivery_dead_letters_total',
      help: 'Deliveries that ran out of retries (or were refused for good), by kind',
      labelNames: ['kind'],
    });
    const readBacklog = oncePerScrape(() => deliveries.countPendingByKind());
    const logger = this.logger;
    metrics.gauge({
      name: 'opp_delivery_backlog_deliveries',
      help: 'Deliveries waiting for their first attempt or a retry, by kind',
      labelNames: ['kind'],
      async collect() {
        // A failed read keeps the last values: readiness reports the database.
        const pending = await readBacklog().catch((error: unknown) => {
          logger.warn({ msg: 'delivery backlog not read', error: String(error) });
          return undefined;
        });
        if (pending) for (const kind of DELIVERY_KINDS) this.set({ kind }, pending.get(kind) ?? 0);
      },
    });
  }

  /** One recorded attempt and what came of it. */
  attempted(kind: DeliveryKind, outcome: DeliveryUpdate['status']): void {
    this.attempts.inc({ kind, result: outcome === 'succeeded' ? 'success' : 'failure' });
    if (outcome === 'dead') this.deadLetters.inc({ kind });
  }
}
