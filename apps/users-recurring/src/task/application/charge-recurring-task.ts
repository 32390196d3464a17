import { Inject, Injectable } from '@nestjs/common';
import type { TaskCommandV1, TaskResultV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { OutboxWriter } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import {
  recurringChargeCommand,
  userSnapshotOr,
} from '../../subscription/application/schedule/recurring-charge-command';
import { ReserveRecurringChargeUseCase } from '../../subscription/application/reserve-recurring-charge/reserve-recurring-charge.use-case';
import { SubscriptionStore } from '../../subscription/application/subscription.store';
import { GetUserUseCase } from '../../user/application/get-user/get-user.use-case';
import { recurringChargeTaskOf } from './recurring-charge-task';

type Outcome = Pick<TaskResultV1, 'outcome' | 'data' | 'reason'>;

/**
 * The `recurring.charge` task (ADR 0005): the subscription's rules as for POST
 * /card/processRecurring (the task id is the request's idempotency key), then a charge command
 * to payments, which answers the orchestrator with the charge as the task's result.
 */
@Injectable()
export class ChargeRecurringTask {
  constructor(
    private readonly reserve: ReserveRecurringChargeUseCase,
    private readonly subscriptions: SubscriptionStore,
    private readonly users: GetUserUseCase,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {}

  async execute(
    work: UnitOfWork,
    task: TaskCommandV1,
    correlationId?: string,
  ): Promise<Outcome | 'answered-by-payments'> {
    const parsed = recurringChargeTaskOf(task);
    if (!parsed.ok) return failure(ErrorCode.InvalidParameter, parsed.reason);
    const { userId, ...charge } = parsed.value;
    const projectId = task.projectId;
    const user = await this.users.execute({ projectId, userId }, work);
    if (!user.ok) return failure(user.error.code, user.error.message);
    const grant = await this.reserve.execute(work, {
      projectId,
      userId,
      idempotencyKey: `task:${task.taskId}`,
    });
    if (!grant.ok) return failure(grant.error.code, grant.error.message);
    const subscription = await this.subscriptions.lockOfUser(work, projectId, userId);
    await this.outbox.add(work, [
      recurringChargeCommand(
        subscription!.state,
        userSnapshotOr(user.value, subscription!.state),
        { ...charge, idempotencyKey: `task:${task.taskId}` },
        { kind: 'task', taskId: task.taskId, globalId: task.globalId },
        correlationId,
      ),
    ]);
    return 'answered-by-payments';
  }
}

const failure = (code: number, message: string): Outcome => ({
  outcome: 'FAIL',
  reason: message,
  data: { error: { code, message } },
});
