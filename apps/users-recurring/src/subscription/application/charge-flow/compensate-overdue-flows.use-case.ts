import { Inject, Injectable } from '@nestjs/common';
import { TransactionRunner } from '@opp/persistence';
import { crashPoint } from '@opp/saga';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { SubscriptionStore } from '../subscription.store';
import { RecurringChargeFlowStore } from './recurring-charge-flow.store';

/** Overdue flows compensated per database transaction. */
export const COMPENSATE_BATCH = 100;

/**
 * The recurring charge saga's deadline (ADR 0060): a flow payments has not answered in time is
 * compensated, i.e. the user's frequency window it reserved is released, so a lost command never
 * blocks the user. Nothing was counted, so nothing else is undone; should payments still charge
 * later, FinishRecurringChargeUseCase counts that charge. Each flow's subscription is locked
 * first, as the other steps do, and only a flow still `charging` is compensated.
 */
@Injectable()
export class CompensateOverdueFlowsUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly subscriptions: SubscriptionStore,
    private readonly flows: RecurringChargeFlowStore,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
  ) {}

  /** Returns how many overdue flows the batch found (COMPENSATE_BATCH: there may be more). */
  async compensateBatch(now: Date = new Date()): Promise<number> {
    return this.transactions.run(async (work) => {
      const overdue = await this.flows.overdue(work, now, COMPENSATE_BATCH);
      const bySubscription = [...overdue].sort((a, b) => a.subscriptionId - b.subscriptionId);
      for (const flow of bySubscription) {
        const subscription = await this.subscriptions.lockById(work, flow.subscriptionId);
        if (!(await this.flows.markCompensated(work, flow.key)) || !subscription) continue;
        subscription.releaseCharge(flow.key);
        await this.subscriptions.save(work, subscription);
      }
      // Crash test: killed here, the flows are still `charging` and the next round retries them.
      if (overdue.length) crashPoint('recurring-charge.compensating');
      return overdue.length;
    });
  }
}
