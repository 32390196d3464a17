import { Injectable } from '@nestjs/common';
import { taskResultMessage, type TaskCommandV1, type TaskResultV1 } from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import { ResolveUserUseCase } from '../../user/application/resolve-user/resolve-user.use-case';
import { ChargeRecurringTask } from './charge-recurring-task';
import { resolveUserCommandOf } from './user-resolve-task';

type Outcome = Pick<TaskResultV1, 'outcome' | 'data' | 'reason'>;

/**
 * Runs the task functions users-recurring owns (`user.resolve`, `recurring.charge`) and answers
 * the orchestrator; a granted `recurring.charge` is answered by payments, which charges.
 */
@Injectable()
export class RunUserTaskUseCase {
  constructor(
    private readonly resolveUser: ResolveUserUseCase,
    private readonly chargeRecurring: ChargeRecurringTask,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute(work: UnitOfWork, task: TaskCommandV1, correlationId?: string): Promise<void> {
    const result = await this.run(work, task, correlationId);
    if (result === 'answered-by-payments') return;
    const completed = {
      ...result,
      taskId: task.taskId,
      globalId: task.globalId,
      completedAt: new Date().toISOString(),
    };
    await this.outbox.add(work, [{ ...taskResultMessage(completed), options: { correlationId } }]);
  }

  private async run(
    work: UnitOfWork,
    task: TaskCommandV1,
    correlationId?: string,
  ): Promise<Outcome | 'answered-by-payments'> {
    if (task.function === 'recurring.charge') {
      return this.chargeRecurring.execute(work, task, correlationId);
    }
    if (task.function !== 'user.resolve') {
      return { outcome: 'FAIL', reason: `users-recurring does not run ${task.function}` };
    }
    const parsed = resolveUserCommandOf(task);
    if (!parsed.ok) return { outcome: 'FAIL', reason: parsed.reason };
    const reply = await this.resolveUser.execute(work, parsed.command, task.globalId);
    return reply.ok
      ? { outcome: 'SUCCESS', data: { id: reply.value.id } }
      : { outcome: 'FAIL', reason: reply.error.message };
  }
}
