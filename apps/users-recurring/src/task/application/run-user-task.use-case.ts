import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { taskResultMessage, type TaskCommandV1, type TaskResultV1 } from '@opp/contracts';
import { OutboxWriter } from '@opp/outbox';
import { ResolveUserUseCase } from '../../user/application/resolve-user/resolve-user.use-case';
import { resolveUserCommandOf } from './user-resolve-task';

/** Runs the task functions users-recurring owns (`user.resolve`) and answers the orchestrator. */
@Injectable()
export class RunUserTaskUseCase {
  constructor(
    private readonly resolveUser: ResolveUserUseCase,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute(tx: EntityManager, task: TaskCommandV1, correlationId?: string): Promise<void> {
    const result = await this.run(tx, task);
    const completed = {
      ...result,
      taskId: task.taskId,
      globalId: task.globalId,
      completedAt: new Date().toISOString(),
    };
    await this.outbox.add(tx, [{ ...taskResultMessage(completed), options: { correlationId } }]);
  }

  private async run(
    tx: EntityManager,
    task: TaskCommandV1,
  ): Promise<Pick<TaskResultV1, 'outcome' | 'data' | 'reason'>> {
    if (task.function !== 'user.resolve') {
      return { outcome: 'FAIL', reason: `users-recurring does not run ${task.function}` };
    }
    const parsed = resolveUserCommandOf(task);
    if (!parsed.ok) return { outcome: 'FAIL', reason: parsed.reason };
    const reply = await this.resolveUser.execute(tx, parsed.command, task.globalId);
    return reply.ok
      ? { outcome: 'SUCCESS', data: { id: reply.value.id } }
      : { outcome: 'FAIL', reason: reply.error.message };
  }
}
