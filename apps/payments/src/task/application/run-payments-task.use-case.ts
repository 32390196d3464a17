import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import {
  taskResultV2Message,
  type TaskCommandV1,
  type TaskResultV2,
  type Validated,
  Refusal,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { OutboxWriter } from '@opp/outbox';
import { TaskCardData } from '../../card-vault/application/task-card-data';
import { AuthenticateChargeUseCase } from '../../charge/application/authenticate-charge/authenticate-charge.use-case';
import { ProcessChargeUseCase } from '../../charge/application/process-charge/process-charge.use-case';
import { GetTransactionUseCase } from '../../charge/application/queries/get-transaction.use-case';
import { ReversePaymentUseCase } from '../../charge/application/reverse-payment/reverse-payment.use-case';
import { taskTransactionOf } from '../../charge/application/task-outputs';
import { taskResultOf } from '../../charge/application/task-result';
import {
  authenticateCommandOf,
  chargeCommandOf,
  reverseCommandOf,
  statusQueryOf,
} from './task-payload';

/**
 * The task functions payments owns (ADR 0005), run through the same use cases as the gateway's
 * requests; the result goes back to the orchestrator through the outbox, in the same transaction.
 */
@Injectable()
export class RunPaymentsTaskUseCase {
  constructor(
    private readonly processCharge: ProcessChargeUseCase,
    private readonly authenticate: AuthenticateChargeUseCase,
    private readonly getTransaction: GetTransactionUseCase,
    private readonly reversePayment: ReversePaymentUseCase,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    private readonly taskCardData: TaskCardData,
  ) {}

  async execute(
    work: UnitOfWork,
    command: TaskCommandV1,
    correlationId?: string,
  ): Promise<TaskResultV2> {
    let result: TaskResultV2;
    try {
      result = await this.run(work, command);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      result = this.failure(command, error.code, error.message);
    }
    await this.outbox.add(work, [{ ...taskResultV2Message(result), options: { correlationId } }]);
    return result;
  }

  private async run(work: UnitOfWork, sent: TaskCommandV1): Promise<TaskResultV2> {
    const command = { ...sent, payload: this.taskCardData.open(sent.projectId, sent.payload) };
    const task = { taskId: command.taskId, globalId: command.globalId };
    switch (command.function) {
      case 'card.payment': {
        const charge = await this.processCharge.execute(
          work,
          valid(chargeCommandOf(command)),
          task,
        );
        const t = await this.getTransaction.execute(work, {
          projectId: command.projectId,
          id: charge.id,
        });
        return taskResultOf(task, t);
      }
      case 'card.authenticate': {
        const t = await this.authenticate.execute(work, valid(authenticateCommandOf(command)));
        return taskResultOf(task, t, 'authenticate');
      }
      case 'transaction.status': {
        const t = await this.getTransaction.execute(work, valid(statusQueryOf(command)));
        return {
          ...task,
          outcome: 'SUCCESS',
          transaction: taskTransactionOf('status', t),
          completedAt: now(),
        };
      }
      case 'transaction.reverse': {
        const t = await this.reversePayment.execute(work, valid(reverseCommandOf(command)), task);
        return {
          ...task,
          outcome: 'SUCCESS',
          transaction: taskTransactionOf('reversal', t),
          completedAt: now(),
        };
      }
      case 'payout':
      case 'user.resolve':
      case 'recurring.charge':
      case 'message.send':
      case 'wait':
        return this.failure(
          command,
          ErrorCode.InvalidParameter,
          `payments does not run ${command.function}`,
        );
    }
  }

  private failure(command: TaskCommandV1, code: number, message: string): TaskResultV2 {
    return {
      taskId: command.taskId,
      globalId: command.globalId,
      outcome: 'FAIL',
      reason: message,
      data: { error: { code, message } },
      completedAt: now(),
    };
  }
}

const now = () => new Date().toISOString();

function valid<T>(validated: Validated<T>): T {
  if (validated.ok) return validated.value;
  throw new Refusal(
    ErrorCode.InvalidParameter,
    `Invalid task payload: ${validated.problems.join('; ')}`,
  );
}
