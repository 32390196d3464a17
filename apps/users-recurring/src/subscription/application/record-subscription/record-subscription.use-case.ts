import { Inject, Injectable } from '@nestjs/common';
import type { RecurringSubscribedV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { ProjectClock } from '@opp/snapshots';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { Subscription } from '../../domain/subscription';
import { SubscriptionStore } from '../subscription.store';

/** payments subscribed a user (a successful charge with recurring=1): keep the subscription. */
@Injectable()
export class RecordSubscriptionUseCase {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
    private readonly clock: ProjectClock,
  ) {}

  async execute(work: UnitOfWork, event: RecurringSubscribedV1): Promise<void> {
    // payments stamps the wall clock; the schedule, trial and end run in the project's time,
    // ahead of it for a sandbox project whose clock was advanced (ADR 0069).
    const offsetMs = await this.clock.offsetMs(event.projectId);
    const inProjectTime = (iso: string) => new Date(new Date(iso).getTime() + offsetMs);
    const subscription = Subscription.subscribe(
      {
        projectId: event.projectId,
        userId: event.userId,
        transactionId: event.transactionId,
        intervalDays: event.interval,
        trialDays: event.trial,
        price: event.price,
        currency: event.currency,
        cardTokenId: event.permanentTokenId,
        frequencyDays: event.frequency,
        endsAt: inProjectTime(event.endsAt),
        subscribedAt: inProjectTime(event.subscribedAt),
      },
      this.config.recurringDaySeconds * 1000,
    );
    await this.subscriptions.subscribe(work, subscription);
  }
}
