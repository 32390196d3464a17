import { Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { sandboxRailOutcome } from '../domain/payout-order';
import { PayoutMetrics } from './payout-metrics';
import { PayoutOrderStore } from './payout-order.store';

const POLL_INTERVAL_MS = 250;
const BATCH = 50;

/**
 * The sandbox payout rail (ADR 0011): settles each order once its time has come. The due time is
 * stored with the order, so a restart settles what was in flight; several instances share the
 * work (a row one holds is skipped by the others).
 */
@Injectable()
export class SettlePayoutsWorker extends PollingWorker {
  constructor(
    private readonly orders: PayoutOrderStore,
    private readonly metrics: PayoutMetrics,
  ) {
    super();
  }

  protected intervalMs(): number {
    return POLL_INTERVAL_MS;
  }

  protected async poll(): Promise<boolean> {
    return (await this.settleDue()) === BATCH;
  }

  async settleDue(): Promise<number> {
    const now = new Date();
    return this.orders.settleDue(BATCH, now, (order) => {
      const { outcome, reason } = order.settle(
        sandboxRailOutcome(order.snapshot.accountDisplay),
        now,
      );
      this.metrics.recorded(outcome === 'completed' ? 'completed' : 'failed');
      const { id, projectId } = order.snapshot;
      return {
        payoutId: id,
        projectId,
        outcome,
        ...(reason ? { reason } : {}),
        settledAt: now.toISOString(),
      };
    });
  }
}
