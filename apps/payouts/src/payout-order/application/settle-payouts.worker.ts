import { Inject, Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { crashPoint } from '@opp/saga';
import { PayoutsConfig } from '../../config/payouts.config';
import { sandboxRailOutcome } from '../domain/payout-order';
import { PayoutMetrics } from './payout-metrics';
import { PayoutOrderStore } from './payout-order.store';

/** Crash point between a payout's acceptance and the rail's answer (docs/architecture/sagas.md, Payout). */
export const SETTLING = 'payout-saga.settling';

/** Bounds of the idle pause (ADR 0065). */
const MIN_IDLE_INTERVAL_MS = 250;
const MAX_IDLE_INTERVAL_MS = 30_000;
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
    @Inject(PayoutsConfig) private readonly config: PayoutsConfig,
  ) {
    super();
  }

  /**
   * No longer than the rail's settlement delay: a round sees a new order before it falls due and
   * then sleeps until its settlement time, so none settles late (ADR 0065).
   */
  protected intervalMs(): number {
    const delay = this.config.sandboxSettleMs;
    return Math.min(MAX_IDLE_INTERVAL_MS, Math.max(MIN_IDLE_INTERVAL_MS, delay));
  }

  /** A full batch goes round again at once; otherwise the next settlement time. */
  protected async poll(): Promise<boolean | Date | null> {
    if ((await this.settleDue()) === BATCH) return true;
    return this.orders.nextSettlementAt();
  }

  async settleDue(): Promise<number> {
    const now = new Date();
    return this.orders.settleDue(BATCH, now, (order) => {
      // Inside the settling transaction: a kill here leaves the order processing, as if never settled.
      crashPoint(SETTLING);
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
