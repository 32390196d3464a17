import { Inject, Injectable } from '@nestjs/common';
import type { ChangeRecurringV1, RecurringSettingsResultV1, Reply } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { changeUserSubscription } from '../change-user-subscription';
import { SubscriptionStore } from '../subscription.store';
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
    return changeUserSubscription(this.subscriptions, work, command, async (subscription) =>
      subscription.change(
        { interval: command.interval, price: command.price, currency: command.currency },
        await this.clock.now(command.projectId),
        this.config.recurringDaySeconds * 1000,
      ),
    );
  }
}
