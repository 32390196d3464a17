import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecurringSubscribedV1 } from '@opp/contracts';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { Subscription } from '../../domain/subscription';
import { SubscriptionRepository } from '../../infrastructure/subscription.repository';

/** payments subscribed a user (a successful charge with recurring=1): keep the subscription. */
@Injectable()
export class RecordSubscriptionUseCase {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
  ) {}

  async execute(tx: EntityManager, event: RecurringSubscribedV1): Promise<void> {
    const subscribedAt = new Date(event.subscribedAt);
    const dayMs = this.config.recurringDaySeconds * 1000;
    await this.subscriptions.upsert(tx, {
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
      subscribedAt,
      firstDueAt: Subscription.firstDueAt(subscribedAt, event.interval, event.trial, dayMs),
    });
  }
}
