import { Injectable } from '@nestjs/common';
import type { TaskCommandV1, TaskResultV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { StartRecurringChargeUseCase } from '../../subscription/application/charge-flow/start-recurring-charge.use-case';
import { recurringChargeTaskOf } from './recurring-charge-task';

type Outcome = Pick<TaskResultV1, 'outcome' | 'data' | 'reason'>;

/**
 * The `recurring.charge` task (ADR 0005): the same recurring charge flow as POST
 * /card/processRecurring (ADR 0060), keyed by the task id; payments answers the orchestrator with
 * the charge as the task's result, and users-recurring with the outcome that settles the flow.
 */
@Injectable()
export class ChargeRecurringTask {
  constructor(private readonly start: StartRecurringChargeUseCase) {}

  async execute(
    work: UnitOfWork,
    task: TaskCommandV1,
    correlationId?: string,
  ): Promise<Outcome | 'answered-by-payments'> {
    const parsed = recurringChargeTaskOf(task);
    if (!parsed.ok) return failure(ErrorCode.InvalidParameter, parsed.reason);
    const { userId, ...charge } = parsed.value;
    const started = await this.start.execute(
      work,
      {
        ...charge,
        projectId: task.projectId,
        userId,
        idempotencyKey: `task:${task.taskId}`,
      },
      { kind: 'task', taskId: task.taskId, globalId: task.globalId },
      correlationId,
    );
    if (!started.ok) return failure(started.error.code, started.error.message);
    return 'answered-by-payments';
  }
}

const failure = (code: number, message: string): Outcome => ({
  outcome: 'FAIL',
  reason: message,
  data: { error: { code, message } },
});
