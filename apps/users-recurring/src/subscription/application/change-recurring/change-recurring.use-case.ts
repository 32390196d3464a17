import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  replyError,
  replyOk,
  type ChangeRecurringV1,
  type RecurringSettingsResultV1,
  type Reply,
} from '@opp/contracts';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { SubscriptionRepository } from '../../infrastructure/subscription.repository';
import { notSubscribed } from '../not-subscribed';

/** POST /user/changeRecurring: interval and price of the user's repeated payments. */
@Injectable()
export class ChangeRecurringUseCase {
  constructor(
    private readonly subscriptions: SubscriptionRepository,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
  ) {}

  async execute(
    tx: EntityManager,
    command: ChangeRecurringV1,
  ): Promise<Reply<RecurringSettingsResultV1>> {
    const subscription = await this.subscriptions.lockOfUser(tx, command.projectId, command.userId);
    if (!subscription) return notSubscribed();
    const decision = subscription.change(
      { interval: command.interval, price: command.price, currency: command.currency },
      new Date(),
      this.config.recurringDaySeconds * 1000,
    );
    if (!decision.ok) return replyError(decision.code, decision.message);
    await this.subscriptions.save(tx, subscription);
    return replyOk({ success: true });
  }
}
