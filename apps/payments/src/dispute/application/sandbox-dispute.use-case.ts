import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { SandboxDisputeResultV1, SandboxDisputeV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { formatFee, formatPrice } from '@opp/money';
import { ChargeOutcomes } from '../../charge/application/charge-outcomes';
import { DisputeRefused } from '../../charge/domain/dispute';
import type {
  Transaction,
  TransactionStatus,
  TransactionType,
} from '../../charge/domain/transaction';
import { TransactionAggregate, type LaterEffect } from '../../charge/domain/transaction-aggregate';
import { TransactionStore } from '../../charge/application/transaction.store';
import { Refusal } from '@opp/contracts';
import {
  ProjectSettingsStore,
  type ProjectSettings,
} from '../../project/application/project-settings.store';

/**
 * The admin API's sandbox disputes (ADR 0028). The payment's row lock serialises every dispute
 * and reversal of it, so a repeat finds the first one's transaction and answers it again instead
 * of posting twice; the per-type unique indexes refuse a second one whatever happens. Every check
 * comes before the first write. Then, in the caller's (inbox) transaction: the payment's later
 * effect, the dispute transaction, its entry and its callback event, and a chargeback's penalty.
 */
@Injectable()
export class SandboxDisputeUseCase {
  constructor(
    private readonly transactions: TransactionStore,
    private readonly outcomes: ChargeOutcomes,
    private readonly projects: ProjectSettingsStore,
  ) {}

  async execute(work: UnitOfWork, command: SandboxDisputeV1): Promise<SandboxDisputeResultV1> {
    const payment = await this.transactions.lockById(work, command.transactionId);
    if (!payment || payment.type !== 'payment') {
      throw new Refusal(ErrorCode.TransactionNotFound, 'Transaction does not exist');
    }
    const settings = await this.projects.require(work, payment.projectId);
    if (!settings.sandbox) {
      throw new Refusal(
        ErrorCode.TransactionNotReversible,
        `Transaction cannot be disputed here: project ${payment.projectId} is not a sandbox project`,
      );
    }
    const earlier = await this.find(work, payment, command.kind);
    if (earlier) return this.resultOf(work, payment, earlier);
    const dispute =
      command.kind === 'chargeback'
        ? await this.chargeBack(work, payment, settings)
        : await this.retrieve(work, payment, settings);
    return this.resultOf(work, payment, dispute);
  }

  private async chargeBack(work: UnitOfWork, payment: Transaction, settings: ProjectSettings) {
    const effect = refusedAs405(() => new TransactionAggregate(payment).chargeBack());
    return this.record(work, payment, effect, settings);
  }

  private async retrieve(work: UnitOfWork, payment: Transaction, settings: ProjectSettings) {
    const chargeback = await this.find(work, payment, 'chargeback');
    const effect = refusedAs405(() => new TransactionAggregate(payment).retrieve(chargeback));
    return this.record(work, payment, effect, settings);
  }

  /** The payment's later effect, then each movement opened and settled; the first one answers. */
  private async record(
    work: UnitOfWork,
    payment: Transaction,
    effect: LaterEffect<TransactionStatus>,
    settings: ProjectSettings,
  ): Promise<Transaction> {
    await this.transactions.recordLaterEffect(work, payment, effect.status);
    const settled: Transaction[] = [];
    for (const movement of effect.movements) {
      settled.push(
        await this.settle(work, await this.transactions.insert(work, movement), settings),
      );
    }
    return settled[0];
  }

  /** A dispute movement settles at once, with its ledger entry (ADR 0028). */
  private settle(work: UnitOfWork, movement: Transaction, settings: ProjectSettings) {
    const settled = new TransactionAggregate(movement).settleMovement();
    return this.outcomes.record(work, movement, settled, settings);
  }

  private find(work: UnitOfWork, payment: Transaction, type: TransactionType) {
    return this.transactions.findByIdempotencyKey(work, payment.projectId, `${type}:${payment.id}`);
  }

  private async resultOf(
    work: UnitOfWork,
    payment: Transaction,
    dispute: Transaction,
  ): Promise<SandboxDisputeResultV1> {
    const after = (await this.transactions.findById(work, payment.id)) ?? payment;
    const penalty =
      dispute.type === 'chargeback' ? await this.find(work, payment, 'penalty') : null;
    return {
      id: dispute.id,
      type: dispute.type === 'chargeback' ? 'chargeback' : 'retrieval',
      status: dispute.status,
      referenceId: payment.id,
      paymentStatus: after.status,
      price: formatPrice(dispute.priceMinor, dispute.currency),
      fee: formatFee(dispute.feeMinor, dispute.currency),
      currency: dispute.currency,
      penalty: penalty
        ? { id: penalty.id, price: formatPrice(penalty.priceMinor, penalty.currency) }
        : null,
      createdAt: dispute.createdAt.toISOString(),
    };
  }
}

function refusedAs405<T>(decide: () => T): T {
  try {
    return decide();
  } catch (error) {
    if (!(error instanceof DisputeRefused)) throw error;
    throw new Refusal(
      ErrorCode.TransactionNotReversible,
      `Transaction cannot be disputed: ${error.message}`,
    );
  }
}
