import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  replyOk,
  type CancelRecurringV1,
  type RecurringSettingsResultV1,
  type Reply,
} from '@opp/contracts';
import { SubscriptionRepository } from '../../infrastructure/subscription.repository';
import { notSubscribed } from '../not-subscribed';

/** POST /user/cancelRecurring: no repeated payment after it, manual or automatic (ADR 0012). */
@Injectable()
export class CancelRecurringUseCase {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async execute(
    tx: EntityManager,
    command: CancelRecurringV1,
  ): Promise<Reply<RecurringSettingsResultV1>> {
    const subscription = await this.subscriptions.lockOfUser(tx, command.projectId, command.userId);
    if (!subscription) return notSubscribed();
    subscription.cancel();
    await this.subscriptions.save(tx, subscription);
    return replyOk({ success: true });
  }
}
