import { Inject, Injectable } from '@nestjs/common';
import {
  replyError,
  replyOk,
  type ChangeRecurringV1,
  type RecurringSettingsResultV1,
  type Reply,
} from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { SubscriptionStore } from '../subscription.store';
import { notSubscribed } from '../not-subscribed';
import { ProjectClock } from '@opp/snapshots';

/** POST /user/changeRecurring: interval and price of the user's repeated payments. */
@Injectable()
export class ChangeRecurringUseCase {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
    private readonly clock: ProjectClock,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ChangeRecurringV1,
  ): Promise<Reply<RecurringSettingsResultV1>> {
    const subscription = await this.subscriptions.lockOfUser(
      work,
      command.projectId,
      command.userId,
    );
    if (!subscription) return notSubscribed();
    const decision = subscription.change(
      { interval: command.interval, price: command.price, currency: command.currency },
      await this.clock.now(command.projectId),
      this.config.recurringDaySeconds * 1000,
    );
    if (!decision.ok) return replyError(decision.code, decision.message);
    await this.subscriptions.save(work, subscription);
    return replyOk({ success: true });
  }
}
