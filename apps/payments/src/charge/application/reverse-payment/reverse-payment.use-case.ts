import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { ReversePaymentV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { RequestQueue } from '../request-queue';
import { ProjectSettingsStore } from '../../../project/application/project-settings.store';
import { ReversalRefused } from '../../domain/reversal';
import type { TaskOrigin, Transaction } from '../../domain/transaction';
import { TransactionAggregate } from '../../domain/transaction-aggregate';
import { TransactionStore } from '../transaction.store';
import { ChargeOutcomes } from '../charge-outcomes';
import { requestedAmountOf } from '../process-charge/requested-amount';
import { Refusal } from '@opp/contracts';

/**
 * POST /transaction/reverse and the `transaction.reverse` task. The payment's row lock makes
 * concurrent reversals of one payment queue, so each decides on the current reversed total and
 * together they never exceed the payment. Every check comes before the first write: a refusal
 * moves nothing. Then, in the caller's (inbox) transaction: the payment's later effect, the
 * reversal transaction, its ledger entry and its `refund_completed` event (ADR 0021, reversals).
 */
@Injectable()
export class ReversePaymentUseCase {
  constructor(
    private readonly requests: RequestQueue,
    private readonly transactions: TransactionStore,
    private readonly outcomes: ChargeOutcomes,
    private readonly projects: ProjectSettingsStore,
  ) {}

  async execute(
    work: UnitOfWork,
    command: ReversePaymentV1,
    task?: TaskOrigin,
  ): Promise<Transaction> {
    const { projectId, idempotencyKey } = command;
    // Concurrent deliveries of one request queue here; the later ones find the first's reversal.
    await this.requests.awaitTurn(work, `reverse:${projectId}:${idempotencyKey}`);
    const earlier = await this.transactions.findByIdempotencyKey(work, projectId, idempotencyKey);
    if (earlier) return earlier;
    if (command.id === undefined && command.orderId === undefined) {
      throw new Refusal(ErrorCode.InvalidParameter, 'id or order_id is required');
    }

    const payment = await this.transactions.lockPaymentForReversal(work, projectId, command);
    if (!payment) {
      throw new Refusal(ErrorCode.TransactionNotFound, 'Transaction does not exist');
    }
    const amount = requestedAmountOf(command.amount, payment.currency);
    if (amount.minor === 0n) {
      throw new Refusal(ErrorCode.InvalidParameter, 'amount must be above zero');
    }
    const { payment: reversed, refund } = decide(() =>
      new TransactionAggregate(payment).reverse(amount.minor, {
        idempotencyKey,
        reason: command.comment ?? null,
        task: task ?? null,
      }),
    );
    const settings = await this.projects.require(work, projectId);

    await this.transactions.recordReversal(work, payment, reversed);
    const opened = await this.transactions.insert(work, refund);
    return this.outcomes.record(
      work,
      opened,
      new TransactionAggregate(opened).settleMovement(),
      settings,
    );
  }
}

function decide<T>(reverse: () => T): T {
  try {
    return reverse();
  } catch (error) {
    if (!(error instanceof ReversalRefused)) throw error;
    throw new Refusal(
      ErrorCode.TransactionNotReversible,
      `Transaction cannot be reversed: ${error.message}`,
    );
  }
}
