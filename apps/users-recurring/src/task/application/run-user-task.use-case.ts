import { Injectable } from '@nestjs/common';
import {
  taskResultMessage,
  type ResolveUserV1,
  type TaskCommandV1,
  type TaskResultV1,
} from '@opp/contracts';
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
  /**
   * A `user.resolve` task's command, parsed (a contract validation) once: the task a run prepares
   * for is the payload its own call gets, so its call finds the parse here.
   */
  private readonly parsed = new WeakMap<TaskCommandV1, ReturnType<typeof resolveUserCommandOf>>();

  constructor(
    private readonly resolveUser: ResolveUserUseCase,
    private readonly chargeRecurring: ChargeRecurringTask,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * `ahead`: this task and the ones after it in the same transaction (ADR 0054); the first
   * `user.resolve` among them resolves the users of all of them in one statement.
   */
  async execute(
    work: UnitOfWork,
    task: TaskCommandV1,
    correlationId?: string,
    ahead: readonly TaskCommandV1[] = [],
  ): Promise<void> {
    // The first user.resolve task of a run prepares every one ahead of it: the later ones' are
    // among them, so they are not looked up again.
    if (
      task.function === 'user.resolve' &&
      ahead.length > 1 &&
      !this.resolveUser.hasPrepared(work)
    ) {
      await this.resolveUser.prepare(work, this.resolveCommandsIn(ahead));
    }
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
    const parsed = this.parse(task);
    if (!parsed.ok) return { outcome: 'FAIL', reason: parsed.reason };
    const reply = await this.resolveUser.execute(work, parsed.command, task.globalId);
    return reply.ok
      ? { outcome: 'SUCCESS', data: { id: reply.value.id } }
      : { outcome: 'FAIL', reason: reply.error.message };
  }

  /** The users the `user.resolve` tasks among `tasks` name (those that cannot resolve left out). */
  private resolveCommandsIn(tasks: readonly TaskCommandV1[]): ResolveUserV1[] {
    return tasks.flatMap((task) => {
      if (task.function !== 'user.resolve') return [];
      const parsed = this.parse(task);
      return parsed.ok ? [parsed.command] : [];
    });
  }

  private parse(task: TaskCommandV1): ReturnType<typeof resolveUserCommandOf> {
    let parsed = this.parsed.get(task);
    if (!parsed) this.parsed.set(task, (parsed = resolveUserCommandOf(task)));
    return parsed;
  }
}
