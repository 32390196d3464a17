import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CheckoutViewV1, FinishCheckoutV1, GetCheckoutV1 } from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { ChargeOutcomes } from '../../charge/application/charge-outcomes';
import type { Transaction } from '../../charge/domain/transaction';
import { TransactionRepository } from '../../charge/infrastructure/transaction.repository';
import { ProjectSettingsRepository } from '../../project/project-settings.repository';
import { PaymentRefusal } from '../../shared/payment-refusal';
import { CANCELLED_REASON, checkoutStep } from '../domain/wallet-checkout';
import { checkoutViewOf } from './wallet-views';

const notFound = () =>
  new PaymentRefusal(ErrorCode.TransactionNotFound, 'Transaction does not exist');

/**
 * The checkout page's side in payments (ADR 0008): what the page shows, and the user's answer.
 * Confirm completes the payment (ledger, status event, callback `completed`); cancel cancels it
 * (callback `failed`, reason `cancelled`). The row is locked, so concurrent answers decide once.
 */
@Injectable()
export class CheckoutUseCase {
  constructor(
    private readonly transactions: TransactionRepository,
    private readonly projects: ProjectSettingsRepository,
    private readonly outcomes: ChargeOutcomes,
  ) {}

  async view(tx: EntityManager, query: GetCheckoutV1): Promise<CheckoutViewV1> {
    const t = await this.transactions.findById(tx, query.transactionId);
    if (!t?.checkout) throw notFound();
    return checkoutViewOf(t);
  }

  async finish(tx: EntityManager, command: FinishCheckoutV1): Promise<CheckoutViewV1> {
    const t = await this.transactions.lockById(tx, command.transactionId);
    if (!t?.checkout) throw notFound();
    const step = checkoutStep(t.status, command.action);
    if (step === null) return checkoutViewOf(t);
    const settings = await this.projects.require(tx, t.projectId);
    let decided: Transaction;
    if (step.to === 'completed') {
      decided = await this.outcomes.apply(tx, t, { outcome: 'approved' }, settings);
    } else {
      decided = await this.outcomes.transition(
        tx,
        t,
        { status: 'cancelled', reason: CANCELLED_REASON, settleAt: null },
        settings,
      );
    }
    return checkoutViewOf(decided);
  }
}
