import { Inject, Injectable } from '@nestjs/common';
import type { RecurringChargeSettledV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { crashPoint } from '@opp/saga';
import { ProjectClock } from '@opp/snapshots';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { SubscriptionStore } from '../subscription.store';

/**
 * payments answered an automatic charge: the period is charged (the schedule moves on), declined
 * (retried a day later; after the last retry recurring is disabled for the user) or refused before
 * any charge (retried a day later, not counted as a retry: ADR 0060).
 */
@Injectable()
export class RecordAutomaticOutcomeUseCase {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
    private readonly clock: ProjectClock,
  ) {}

  async execute(work: UnitOfWork, event: RecurringChargeSettledV1): Promise<void> {
    const { subscriptionId, period, attempt } = event;
    if (subscriptionId === undefined || period === undefined || attempt === undefined) return;
    // Crash test (ADR 0060): killed here, payments' answer is delivered again after the restart.
    crashPoint('recurring-schedule.outcome');
    const subscription = await this.subscriptions.lockById(work, subscriptionId);
    if (!subscription) return;
    await this.subscriptions.recordPeriod(
      work,
      subscriptionId,
      period,
      event.outcome,
      event.transactionId ?? null,
    );
    // A project on an advanced sandbox clock records the outcome when its charge started, in the
    // project's time (ADR 0069): the next period or retry counts from there.
    const { projectId, chargeStartedAt } = subscription.state;
    const advanced = await this.clock.isAdvanced(projectId);
    const at = advanced ? (chargeStartedAt ?? (await this.clock.now(projectId))) : new Date();
    const applied = subscription.recordAutomaticOutcome(
      period,
      attempt,
      event.outcome,
      at,
      this.config.recurringDaySeconds * 1000,
    );
    if (applied) await this.subscriptions.save(work, subscription);
  }
}
