import { Injectable } from '@nestjs/common';
import {
  replyOk,
  type CancelRecurringV1,
  type RecurringSettingsResultV1,
  type Reply,
} from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { SubscriptionStore } from '../subscription.store';
import { notSubscribed } from '../not-subscribed';

/** POST /user/cancelRecurring: no repeated payment after it, manual or automatic (ADR 0012). */
@Injectable()
export class CancelRecurringUseCase {
  constructor(private readonly subscriptions: SubscriptionStore) {}

  async execute(
    work: UnitOfWork,
    command: CancelRecurringV1,
  ): Promise<Reply<RecurringSettingsResultV1>> {
    const subscription = await this.subscriptions.lockOfUser(
      work,
      command.projectId,
      command.userId,
    );
    if (!subscription) return notSubscribed();
    subscription.cancel();
    await this.subscriptions.save(work, subscription);
    return replyOk({ success: true });
  }
}
