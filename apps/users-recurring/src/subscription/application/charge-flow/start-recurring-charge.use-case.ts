import { Inject, Injectable } from '@nestjs/common';
import {
  replyError,
  replyOk,
  type RecurringChargeAnswerV1,
  type RecurringChargeOriginV1,
  type Reply,
  type StartRecurringChargeV1,
} from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import { crashPoint } from '@opp/saga';
import { ProjectClock } from '@opp/snapshots';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { GetUserUseCase } from '../../../user/application/get-user/get-user.use-case';
import { notSubscribed } from '../not-subscribed';
import { recurringChargeCommand } from '../schedule/recurring-charge-command';
import { SubscriptionStore } from '../subscription.store';
import { answerOf } from './flow-answer';
import { RecurringChargeFlowStore } from './recurring-charge-flow.store';

/** Who started the flow: the merchant's call, or an orchestrator task (answered by payments). */
export type FlowOrigin = { kind: 'manual' } | { kind: 'task'; taskId: string; globalId: string };

/**
 * The first step of the recurring charge saga (ADR 0060): the user (40406), the subscription's
 * rules (40405, 40310, 40311, 40502) and, when they pass, the flow recorded with its deadline, the
 * user's frequency window reserved and the charge command in the outbox, all in one commit. The
 * same key again answers the flow as it stands (a retry, or the gateway waiting for the outcome)
 * and never sends a second command. The subscription's row lock orders the flows of one user.
 */
@Injectable()
export class StartRecurringChargeUseCase {
  constructor(
    private readonly subscriptions: SubscriptionStore,
    private readonly flows: RecurringChargeFlowStore,
    private readonly users: GetUserUseCase,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
    private readonly clock: ProjectClock,
  ) {}

  async execute(
    work: UnitOfWork,
    command: StartRecurringChargeV1,
    origin: FlowOrigin,
    correlationId?: string,
  ): Promise<Reply<RecurringChargeAnswerV1>> {
    const { projectId, userId, idempotencyKey: key } = command;
    const user = await this.users.execute({ projectId, userId }, work);
    if (!user.ok) return user;
    const subscription = await this.subscriptions.lockOfUser(work, projectId, userId);
    if (!subscription) return notSubscribed();
    const existing = await this.flows.find(work, key);
    if (existing) {
      // Crash test (ADR 0060): the flow is recorded, payments' answer not applied yet.
      if (existing.outcome === null) crashPoint('recurring-charge.awaiting-outcome');
      return answerOf(existing);
    }
    // The user's frequency window and end run in the project's time (ADR 0069).
    const now = await this.clock.now(projectId);
    const decision = subscription.reserveCharge(key, now, this.config.recurringDaySeconds * 1000);
    if (!decision.ok) return replyError(decision.code, decision.message);
    await this.flows.insert(work, {
      key,
      projectId,
      userId,
      subscriptionId: subscription.state.id,
      state: 'charging',
      deadlineAt: new Date(Date.now() + this.config.recurringChargeDeadlineMs),
      outcome: null,
    });
    await this.subscriptions.save(work, subscription);
    const flowOrigin: RecurringChargeOriginV1 = { ...origin, flowKey: key };
    await this.outbox.add(work, [
      recurringChargeCommand(
        subscription.state,
        user.value,
        {
          idempotencyKey: key,
          price: command.price,
          currency: command.currency,
          orderId: command.orderId,
          description: command.description,
          attributes: command.attributes,
        },
        flowOrigin,
        correlationId,
      ),
    ]);
    // Crash test: killed here, nothing above is committed and the command is delivered again.
    crashPoint('recurring-charge.recorded');
    return replyOk({ done: false });
  }
}
