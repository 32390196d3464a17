import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { CheckoutViewV1, FinishCheckoutV1, GetCheckoutV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { ChargeOutcomes } from '../../charge/application/charge-outcomes';
import type { Transaction } from '../../charge/domain/transaction';
import { TransactionAggregate } from '../../charge/domain/transaction-aggregate';
import { TransactionStore } from '../../charge/application/transaction.store';
import { ProjectSettingsStore } from '../../project/application/project-settings.store';
import { CANCELLED_REASON, checkoutStep } from '../domain/wallet-checkout';
import { checkoutViewOf } from './wallet-views';
import { Refusal } from '@opp/contracts';

const notFound = () => new Refusal(ErrorCode.TransactionNotFound, 'Transaction does not exist');

/**
 * The checkout page's side in payments (ADR 0008): what the page shows, and the user's answer.
 * Confirm completes the payment (ledger, status event, callback `completed`); cancel cancels it
 * (callback `failed`, reason `cancelled`). The row is locked, so concurrent answers decide once.
 */
@Injectable()
export class CheckoutUseCase {
  constructor(
    private readonly transactions: TransactionStore,
    private readonly projects: ProjectSettingsStore,
    private readonly outcomes: ChargeOutcomes,
  ) {}

  async view(work: UnitOfWork, query: GetCheckoutV1): Promise<CheckoutViewV1> {
    const t = await this.transactions.findById(work, query.transactionId);
    if (!t?.checkout) throw notFound();
    return checkoutViewOf(t);
  }

  async finish(work: UnitOfWork, command: FinishCheckoutV1): Promise<CheckoutViewV1> {
    const t = await this.transactions.lockById(work, command.transactionId);
    if (!t?.checkout) throw notFound();
    const step = checkoutStep(t.status, command.action);
    if (step === null) return checkoutViewOf(t);
    const settings = await this.projects.require(work, t.projectId);
    let decided: Transaction;
    if (step.to === 'completed') {
      decided = await this.outcomes.decide(work, t, { outcome: 'approved' }, settings);
    } else {
      const cancelled = new TransactionAggregate(t).cancel(CANCELLED_REASON);
      decided = await this.outcomes.record(work, t, cancelled, settings);
    }
    return checkoutViewOf(decided);
  }
}
