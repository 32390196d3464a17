import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { RecurringViewV1 } from '@opp/contracts';
import { MetricsRegistry, type Counter } from '@opp/observability';
import { OutboxWriter } from '@opp/outbox';
import type { AuthorizationDecision } from '../../acquirer/domain/acquirer';
import { CardVaultStore } from '../../card-vault/application/card-vault.store';
import { completedPaymentEntry, verificationEntries } from '../../ledger/domain/postings';
import { LedgerStore } from '../../ledger/application/ledger.store';
import type { ProjectSettings } from '../../project/application/project-settings.store';
import { HoldRollingReserve } from './rolling-reserve/hold-rolling-reserve';
import { cardIdOf, type Transaction, type TransactionStatus } from '../domain/transaction';
import { TransactionStore, type TransactionChange } from './transaction.store';
import { TRANSACTION_STATUS_CHANGES } from './payment-metrics';
import { recurringSubscribedMessage, statusChangedMessage } from './transaction-messages';

/**
 * ADR 0012: repeated payments are allowed for the project's number of months from the subscription.
 */
function recurringViewOf(settings: ProjectSettings, now: Date): RecurringViewV1 {
  const endsAt = new Date(now);
  endsAt.setUTCMonth(endsAt.getUTCMonth() + settings.recurringMonths);
  return { frequency: settings.recurringMinDays, endsAt: endsAt.toISOString() };
}

/**
 * Every status change of a charge goes through here: the row, the ledger and the status event
 * (outbox) are written in the caller's database transaction, so none exists without the others.
 */
@Injectable()
export class ChargeOutcomes {
  private readonly statusChanges: Counter<'type' | 'status' | 'currency'>;

  constructor(
    private readonly transactions: TransactionStore,
    private readonly ledger: LedgerStore,
    private readonly cards: CardVaultStore,
    private readonly rollingReserve: HoldRollingReserve,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    metrics: MetricsRegistry,
  ) {
    this.statusChanges = metrics.counter(TRANSACTION_STATUS_CHANGES);
  }

  async transition(
    work: UnitOfWork,
    t: Transaction,
    change: TransactionChange & { status: TransactionStatus },
    settings: ProjectSettings,
  ): Promise<Transaction> {
    const updated = await this.transactions.update(work, t.id, t.status, change);
    await this.outbox.add(work, [statusChangedMessage(updated, settings)]);
    this.statusChanges.inc({
      type: updated.type,
      status: updated.status,
      currency: updated.currency,
    });
    return updated;
  }

  async apply(
    work: UnitOfWork,
    t: Transaction,
    decision: AuthorizationDecision,
    settings: ProjectSettings,
  ): Promise<Transaction> {
    switch (decision.outcome) {
      case 'declined':
        return this.fail(work, t, decision.reason, settings);
      case 'pending':
        return this.transition(
          work,
          t,
          { status: 'processing', settleAt: new Date(Date.now() + decision.settleAfterMs) },
          settings,
        );
      case 'approved':
        return this.succeed(work, t, settings);
    }
  }

  fail(work: UnitOfWork, t: Transaction, reason: string, settings: ProjectSettings) {
    return this.transition(work, t, { status: 'failed', reason, settleAt: null }, settings);
  }

  /**
   * The money moves (payment: gross/fee/net and its rolling reserve, ADR 0027; verification: hold
   * and release), then the extras.
   */
  private async succeed(work: UnitOfWork, t: Transaction, settings: ProjectSettings) {
    const amounts = {
      projectId: t.projectId,
      transactionId: t.id,
      currency: t.currency,
      grossMinor: t.priceMinor,
      feeMinor: t.feeMinor,
    };
    const entries =
      t.type === 'payment' ? [completedPaymentEntry(amounts)] : verificationEntries(amounts);
    for (const entry of entries) await this.ledger.post(work, entry);
    if (t.type === 'payment') await this.rollingReserve.forPayment(work, t, settings);

    const change: TransactionChange & { status: TransactionStatus } = {
      status: t.type === 'payment' ? 'completed' : 'verified',
      settleAt: null,
    };
    const { remember, recurring } = t.options;
    if (remember || recurring) {
      // A recurring subscription charges the card later, so it needs a permanent token too.
      change.permanentTokenId =
        t.permanentTokenId ??
        (await this.cards.permanentTokenFor(work, await this.cards.findCard(work, cardIdOf(t))));
    }
    if (recurring) change.recurring = recurringViewOf(settings, new Date());
    const updated = await this.transition(work, t, change, settings);
    if (recurring && updated.permanentTokenId) {
      await this.outbox.add(work, [recurringSubscribedMessage(updated, updated.permanentTokenId)]);
    }
    return updated;
  }
}
