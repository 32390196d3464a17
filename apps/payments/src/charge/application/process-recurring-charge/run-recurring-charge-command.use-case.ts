import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import {
  RecurringChargeSettledV1Message,
  taskResultMessage,
  taskResultV2Message,
  type RecurringChargeCommandV1,
  type RecurringChargeSettledV1,
  Refusal,
} from '@opp/contracts';
import { OutboxWriter, type PendingMessage } from '@opp/outbox';
import type { TaskOrigin } from '../../domain/transaction';
import { GetTransactionUseCase } from '../queries/get-transaction.use-case';
import { taskResultOf } from '../task-result';
import { transactionRecordOf } from '../transaction-views';
import { ProcessRecurringChargeUseCase } from './process-recurring-charge.use-case';

type Outcome = Pick<
  RecurringChargeSettledV1,
  'outcome' | 'transactionId' | 'transaction' | 'refusal' | 'reason'
>;

/**
 * A recurring charge users-recurring asked for (ADR 0060): its outcome always goes back to
 * users-recurring, which owns the flow (a manual charge, a task, a scheduled period); a task's
 * result goes to the orchestrator as well. Both are written in the inbox transaction that charged,
 * so a redelivered command charges once (same idempotency key) and answers again.
 */
@Injectable()
export class RunRecurringChargeCommandUseCase {
  constructor(
    private readonly charge: ProcessRecurringChargeUseCase,
    private readonly getTransaction: GetTransactionUseCase,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {}

  async execute(
    work: UnitOfWork,
    command: RecurringChargeCommandV1,
    correlationId?: string,
  ): Promise<void> {
    const { charge, origin } = command;
    const task: TaskOrigin | undefined =
      origin.kind === 'task' && origin.taskId && origin.globalId
        ? { taskId: origin.taskId, globalId: origin.globalId }
        : undefined;
    const messages: PendingMessage[] = [];
    try {
      const result = await this.charge.execute(work, charge, task);
      const t = await this.getTransaction.execute(work, {
        projectId: charge.projectId,
        id: result.id,
      });
      if (task) messages.push(taskResultV2Message(taskResultOf(task, t)));
      messages.push(
        this.settled(command, {
          outcome: t.status === 'failed' ? 'declined' : 'charged',
          transactionId: t.id,
          ...(origin.flowKey ? { transaction: transactionRecordOf(result) } : {}),
          ...(t.reason ? { reason: t.reason.slice(0, 255) } : {}),
        }),
      );
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (task) {
        messages.push(
          taskResultMessage({
            ...task,
            outcome: 'FAIL',
            reason: error.message,
            data: { error: { code: error.code, message: error.message } },
            completedAt: new Date().toISOString(),
          }),
        );
      }
      messages.push(
        this.settled(command, {
          outcome: 'refused',
          refusal: { code: error.code, message: error.message },
          reason: error.message.slice(0, 255),
        }),
      );
    }
    await this.outbox.add(
      work,
      messages.map((m) => ({ ...m, options: { correlationId } })),
    );
  }

  private settled(
    { charge, origin }: RecurringChargeCommandV1,
    outcome: Outcome,
  ): PendingMessage<typeof RecurringChargeSettledV1Message> {
    const of = origin.flowKey
      ? { flowKey: origin.flowKey }
      : { subscriptionId: origin.subscriptionId, period: origin.period, attempt: origin.attempt };
    return {
      definition: RecurringChargeSettledV1Message,
      key: `${charge.projectId}:${charge.user.id}`,
      payload: { projectId: charge.projectId, userId: charge.user.id, ...of, ...outcome },
    };
  }
}
