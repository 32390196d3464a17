import { Injectable } from '@nestjs/common';
import { MetricsRegistry, type Counter } from '@opp/observability';

/** The statuses a payout order is counted by; bounded, so the label stays cheap. */
export const PAYOUT_ORDER_STATUSES = ['accepted', 'completed', 'failed'] as const;
export type PayoutOrderStatus = (typeof PAYOUT_ORDER_STATUSES)[number];

/**
 * Payout orders by status. Nothing takes payout orders yet: the series exist at zero from the
 * start so dashboards and alerts work before the first order; the use case that accepts orders
 * calls `recorded('accepted')`.
 */
@Injectable()
export class PayoutMetrics {
  private readonly orders: Counter<'status'>;

  constructor(metrics: MetricsRegistry) {
    this.orders = metrics.counter({
      name: 'opp_payouts_orders_total',
      help: 'Payout orders by the status they reached',
      labelNames: ['status'],
    });
    for (const status of PAYOUT_ORDER_STATUSES) this.orders.inc({ status }, 0);
  }

  recorded(status: PayoutOrderStatus): void {
    this.orders.inc({ status });
  }
}
