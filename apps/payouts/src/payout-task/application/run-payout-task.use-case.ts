import { Injectable } from '@nestjs/common';
import type { TaskCommandV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { PayoutCatalogueUseCase } from '../../payout-type/application/payout-catalogue.use-case';
import { InvalidPayoutTask, payoutTaskOrderOf } from '../domain/payout-task-payload';
import { PayoutTaskOutbox } from './payout-task.outbox';
import { Refusal } from '@opp/contracts';

/**
 * The `payout` task function (ADR 0005): the order is checked against the payout rules here, as
 * POST /payout is; a refusal ends the task FAIL with the error, a checked payout goes on to
 * payments, which reserves it and answers the orchestrator (ADR 0060).
 */
@Injectable()
export class RunPayoutTaskUseCase {
  constructor(
    private readonly catalogue: PayoutCatalogueUseCase,
    private readonly outbox: PayoutTaskOutbox,
  ) {}

  async execute(work: UnitOfWork, command: TaskCommandV1, correlationId: string): Promise<void> {
    const { taskId, globalId, projectId } = command;
    try {
      const order = payoutTaskOrderOf(command.payload);
      const { typeKey } = this.catalogue.check({
        projectId,
        typeId: order.typeId,
        accountKind: order.accountKind,
        account: order.accountForRules,
        currency: order.currency,
        parameters: order.parameters,
      });
      await this.outbox.checked(
        work,
        {
          taskId,
          globalId,
          projectId,
          typeKey,
          amount: order.amount,
          currency: order.currency,
          accountDisplay: order.accountDisplay,
          ...(order.orderId ? { orderId: order.orderId } : {}),
          ...(order.sealedAccount ? { sealedAccount: order.sealedAccount } : {}),
          ...(order.cardToken ? { cardToken: order.cardToken } : {}),
          ...(order.parameters.description ? { description: order.parameters.description } : {}),
        },
        correlationId,
      );
    } catch (error) {
      const refusal = refusalOf(error);
      await this.outbox.result(
        work,
        {
          taskId,
          globalId,
          outcome: 'FAIL',
          reason: refusal.message,
          data: { error: { code: refusal.code, message: refusal.message } },
          completedAt: new Date().toISOString(),
        },
        correlationId,
      );
    }
  }
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  if (error instanceof InvalidPayoutTask) {
    return new Refusal(ErrorCode.InvalidParameter, `Invalid task payload: ${error.message}`);
  }
  throw error;
}
