import { Inject, Injectable } from '@nestjs/common';
import {
  replyError,
  replyOk,
  type RecurringChargeGrantV1,
  type Reply,
  type ReserveRecurringChargeV1,
} from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { SubscriptionStore } from '../subscription.store';
import { notSubscribed } from '../not-subscribed';

/**
 * Before a manual recurring charge (POST /card/processRecurring, the `recurring.charge` task): the
 * subscription's rules, and the charge counted against `frequency` (ADR 0012). The row lock makes
 * concurrent requests of one user wait for each other, so two cannot both pass the check.
 */
@Injectable()
export class ReserveRecurringChargeUseCase {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ReserveRecurringChargeV1,
  ): Promise<Reply<RecurringChargeGrantV1>> {
    const subscription = await this.subscriptions.lockOfUser(
      work,
      command.projectId,
      command.userId,
    );
    if (!subscription) return notSubscribed();
    const decision = subscription.grantCharge(
      command.idempotencyKey,
      new Date(),
      this.config.recurringDaySeconds * 1000,
    );
    if (!decision.ok) return replyError(decision.code, decision.message);
    await this.subscriptions.save(work, subscription);
    return replyOk({
      permanentTokenId: subscription.state.cardTokenId,
      subscriptionTransactionId: subscription.state.transactionId,
    });
  }
}
