import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SandboxDisputeResultV1, SandboxDisputeV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { formatFee, formatPrice } from '@opp/money';
import { ChargeOutcomes } from '../../charge/application/charge-outcomes';
import { derivedFrom } from '../../charge/domain/derived-transaction';
import type { Transaction, TransactionType } from '../../charge/domain/transaction';
import { TransactionRepository } from '../../charge/infrastructure/transaction.repository';
import { chargebackEntry, penaltyEntry, retrievalEntry } from '../../ledger/domain/postings';
import { LedgerRepository } from '../../ledger/infrastructure/ledger.repository';
import {
  ProjectSettingsRepository,
  type ProjectSettings,
} from '../../project/project-settings.repository';
import { PaymentRefusal } from '../../shared/payment-refusal';
import { chargeBack, DisputeRefused, retrieve } from '../domain/dispute';

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
    private readonly transactions: TransactionRepository,
    private readonly ledger: LedgerRepository,
    private readonly outcomes: ChargeOutcomes,
    private readonly projects: ProjectSettingsRepository,
  ) {}

  async execute(tx: EntityManager, command: SandboxDisputeV1): Promise<SandboxDisputeResultV1> {
    const payment = await this.transactions.lockById(tx, command.transactionId);
    if (!payment || payment.type !== 'payment') {
      throw new PaymentRefusal(ErrorCode.TransactionNotFound, 'Transaction does not exist');
    }
    const settings = await this.projects.require(tx, payment.projectId);
    if (!settings.sandbox) {
      throw new PaymentRefusal(
        ErrorCode.TransactionNotReversible,
        `Transaction cannot be disputed here: project ${payment.projectId} is not a sandbox project`,
      );
    }
    const earlier = await this.find(tx, payment, command.kind);
    if (earlier) return this.resultOf(tx, payment, earlier);
    const dispute =
      command.kind === 'chargeback'
        ? await this.chargeBack(tx, payment, settings)
        : await this.retrieve(tx, payment, settings);
    return this.resultOf(tx, payment, dispute);
  }

  private async chargeBack(tx: EntityManager, payment: Transaction, settings: ProjectSettings) {
    const decided = refusedAs405(() => chargeBack(payment));
    await this.transactions.recordLaterEffect(tx, payment, 'charged_back');
    const chargeback = await this.open(tx, payment, 'chargeback', decided);
    await this.ledger.post(tx, chargebackEntry(this.amounts(chargeback, decided)));
    const completed = await this.outcomes.transition(
      tx,
      chargeback,
      { status: 'completed' },
      settings,
    );
    if (decided.penaltyMinor > 0n) {
      const penalty = await this.open(tx, payment, 'penalty', {
        amountMinor: decided.penaltyMinor,
        feeMinor: 0n,
      });
      await this.ledger.post(
        tx,
        penaltyEntry({
          projectId: payment.projectId,
          transactionId: penalty.id,
          currency: payment.currency,
          amountMinor: decided.penaltyMinor,
        }),
      );
      await this.outcomes.transition(tx, penalty, { status: 'completed' }, settings);
    }
    return completed;
  }

  private async retrieve(tx: EntityManager, payment: Transaction, settings: ProjectSettings) {
    const chargeback = await this.find(tx, payment, 'chargeback');
    const decided = refusedAs405(() => retrieve(payment, chargeback));
    await this.transactions.recordLaterEffect(tx, payment, 'retrieved');
    const retrieval = await this.open(tx, payment, 'retrieval', decided);
    await this.ledger.post(tx, retrievalEntry(this.amounts(retrieval, decided)));
    return this.outcomes.transition(tx, retrieval, { status: 'completed' }, settings);
  }

  private open(
    tx: EntityManager,
    payment: Transaction,
    type: TransactionType,
    amounts: { amountMinor: bigint; feeMinor: bigint },
  ) {
    return this.transactions.insert(
      tx,
      derivedFrom(payment, { type, priceMinor: amounts.amountMinor, feeMinor: amounts.feeMinor }),
    );
  }

  private amounts(t: Transaction, decided: { amountMinor: bigint; feeMinor: bigint }) {
    return {
      projectId: t.projectId,
      transactionId: t.id,
      currency: t.currency,
      grossMinor: decided.amountMinor,
      feeMinor: decided.feeMinor,
    };
  }

  private find(tx: EntityManager, payment: Transaction, type: TransactionType) {
    return this.transactions.findByIdempotencyKey(tx, payment.projectId, `${type}:${payment.id}`);
  }

  private async resultOf(
    tx: EntityManager,
    payment: Transaction,
    dispute: Transaction,
  ): Promise<SandboxDisputeResultV1> {
    const after = (await this.transactions.findById(tx, payment.id)) ?? payment;
    const penalty = dispute.type === 'chargeback' ? await this.find(tx, payment, 'penalty') : null;
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
    throw new PaymentRefusal(
      ErrorCode.TransactionNotReversible,
      `Transaction cannot be disputed: ${error.message}`,
    );
  }
}
