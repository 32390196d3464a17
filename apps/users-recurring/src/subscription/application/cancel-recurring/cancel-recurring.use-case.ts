import { Injectable } from '@nestjs/common';
import type { CancelRecurringV1, RecurringSettingsResultV1, Reply } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { changeUserSubscription } from '../change-user-subscription';
import { SubscriptionStore } from '../subscription.store';

/** POST /user/cancelRecurring: no repeated payment after it, manual or automatic (ADR 0012). */
@Injectable()
export class CancelRecurringUseCase {
  constructor(private readonly subscriptions: SubscriptionStore) {}

  async execute(
    work: UnitOfWork,
    command: CancelRecurringV1,
  ): Promise<Reply<RecurringSettingsResultV1>> {
    return changeUserSubscription(this.subscriptions, work, command, (subscription) =>
      subscription.cancel(),
    );
  }
}
