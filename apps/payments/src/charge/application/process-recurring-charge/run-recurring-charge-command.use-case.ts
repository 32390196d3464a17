import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import {
  RecurringChargeSettledV1Message,
  taskResultMessage,
  taskResultV2Message,
  type RecurringChargeCommandV1,
  type RecurringChargeOutcome,
} from '@opp/contracts';
import { OutboxWriter, type PendingMessage } from '@opp/outbox';
import { PaymentRefusal } from '../../../shared/payment-refusal';
import { GetTransactionUseCase } from '../queries/get-transaction.use-case';
import { taskResultOf } from '../task-result';
import { ProcessRecurringChargeUseCase } from './process-recurring-charge.use-case';

/**
 * A recurring charge users-recurring asked for: the automatic scheduler's period (its outcome
 * goes back to users-recurring) or a `recurring.charge` task (its result goes to the
 * orchestrator). Both are written in the inbox transaction that charged, so a redelivered command
 * charges once (same idempotency key) and answers again.
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
    const task =
      origin.kind === 'task' && origin.taskId && origin.globalId
        ? { taskId: origin.taskId, globalId: origin.globalId }
        : undefined;
    let message: PendingMessage;
    try {
      const result = await this.charge.execute(work, charge, task);
      const t = await this.getTransaction.execute(work, {
        projectId: charge.projectId,
        id: result.id,
      });
      message = task
        ? taskResultV2Message(taskResultOf(task, t))
        : this.settled(command, t.status === 'failed' ? 'declined' : 'charged', t.id, t.reason);
    } catch (error) {
      if (!(error instanceof PaymentRefusal)) throw error;
      message = task
        ? taskResultMessage({
            ...task,
            outcome: 'FAIL',
            reason: error.message,
            data: { error: { code: error.code, message: error.message } },
            completedAt: new Date().toISOString(),
          })
        : this.settled(command, 'declined', undefined, error.message);
    }
    await this.outbox.add(work, [{ ...message, options: { correlationId } }]);
  }

  private settled(
    { charge, origin }: RecurringChargeCommandV1,
    outcome: RecurringChargeOutcome,
    transactionId: number | undefined,
    reason: string | null | undefined,
  ): PendingMessage<typeof RecurringChargeSettledV1Message> {
    return {
      definition: RecurringChargeSettledV1Message,
      key: `${charge.projectId}:${charge.user.id}`,
      payload: {
        projectId: charge.projectId,
        userId: charge.user.id,
        subscriptionId: origin.subscriptionId!,
        period: origin.period!,
        attempt: origin.attempt!,
        outcome,
        ...(transactionId ? { transactionId } : {}),
        ...(reason ? { reason: reason.slice(0, 255) } : {}),
      },
    };
  }
}
