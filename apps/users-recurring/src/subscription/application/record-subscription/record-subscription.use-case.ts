import { Inject, Injectable } from '@nestjs/common';
import type { RecurringSubscribedV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { Subscription } from '../../domain/subscription';
import { SubscriptionStore } from '../subscription.store';

/** payments subscribed a user (a successful charge with recurring=1): keep the subscription. */
@Injectable()
export class RecordSubscriptionUseCase {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
  ) {}

  async execute(work: UnitOfWork, event: RecurringSubscribedV1): Promise<void> {
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
        endsAt: new Date(event.endsAt),
        subscribedAt: new Date(event.subscribedAt),
      },
      this.config.recurringDaySeconds * 1000,
    );
    await this.subscriptions.subscribe(work, subscription);
  }
}
