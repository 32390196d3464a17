import { Inject, Injectable } from '@nestjs/common';
import { MetricsRegistry, type Counter } from '@opp/observability';
import { OutboxWriter, type PendingMessage } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import type { AuthorizationDecision } from '../../acquirer/domain/acquirer';
import { CardVaultStore } from '../../card-vault/application/card-vault.store';
import { PaymentsConfig } from '../../config/payments.config';
import { LedgerStore } from '../../ledger/application/ledger.store';
import type { ProjectSettings } from '../../project/application/project-settings.store';
import { RollingReserveStore } from '../../rolling-reserve/application/rolling-reserve.store';
import { cardIdOf, type Transaction } from '../domain/transaction';
import {
  TransactionAggregate,
  type ChargeOpening,
  type TransactionEvent,
  type TransactionStep,
} from '../domain/transaction-aggregate';
import { TRANSACTION_STATUS_CHANGES } from './payment-metrics';
import { recurringSubscribedMessage, statusChangedMessage } from './transaction-messages';
import { TransactionStore } from './transaction.store';

/**
 * Saves what a transition of a transaction decided (ADR 0031): the row change (or a new charge's
 * one insert, ADR 0065), its ledger postings, its rolling reserve hold and its events (outbox), all
 * in the caller's unit of work, so none exists without the others.
 */
@Injectable()
export class ChargeOutcomes {
  private readonly statusChanges: Counter<'type' | 'status' | 'currency'>;

  constructor(
    private readonly transactions: TransactionStore,
    private readonly ledger: LedgerStore,
    private readonly cards: CardVaultStore,
    private readonly holds: RollingReserveStore,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(PaymentsConfig) private readonly config: PaymentsConfig,
    metrics: MetricsRegistry,
  ) {
    this.statusChanges = metrics.counter(TRANSACTION_STATUS_CHANGES);
  }

  async record(
    work: UnitOfWork,
    t: Transaction,
    step: TransactionStep,
    settings: ProjectSettings,
  ): Promise<Transaction> {
    const updated = await this.transactions.update(work, t.id, step.from, step.change);
    await this.ledger.post(work, step.postings);
    await this.saveHoldAndEvents(work, updated, step, settings);
    return updated;
  }

  /**
   * ADR 0065: a new charge written once, in the status its first move decided, with that move's
   * postings in the same statement, then its hold and events. Undefined, with nothing written, when
   * its request or its order already has a transaction.
   */
  async open(
    work: UnitOfWork,
    opening: ChargeOpening,
    settings: ProjectSettings,
  ): Promise<Transaction | undefined> {
    const inserted = await this.transactions.insertOnce(work, opening.row, opening.postings);
    if (inserted) await this.saveHoldAndEvents(work, inserted, opening, settings);
    return inserted;
  }

  /** The move's reserve hold and events, once its row and postings are written. */
  private async saveHoldAndEvents(
    work: UnitOfWork,
    t: Transaction,
    effects: Pick<TransactionStep, 'reserveHold' | 'events'>,
    settings: ProjectSettings,
  ): Promise<void> {
    if (effects.reserveHold) await this.holds.schedule(work, effects.reserveHold);
    await this.outbox.add(
      work,
      effects.events.flatMap((event) => messagesOf(event, t, settings)),
    );
    this.statusChanges.inc({ type: t.type, status: t.status, currency: t.currency });
  }

  /** The acquirer's decision on a charge; a charge that keeps its card gets its permanent token. */
  async decide(
    work: UnitOfWork,
    t: Transaction,
    decision: AuthorizationDecision,
    settings: ProjectSettings,
  ): Promise<Transaction> {
    const charge = new TransactionAggregate(t);
    // A recurring subscription charges the card later, so it needs a permanent token too.
    const permanentTokenId =
      charge.keepsCard(decision) && !t.permanentTokenId
        ? await this.cards.permanentTokenFor(work, await this.cards.findCard(work, cardIdOf(t)))
        : null;
    const step = charge.authorize(decision, {
      settings,
      now: new Date(),
      reserveDaySeconds: this.config.reserveDaySeconds,
      permanentTokenId,
    });
    return this.record(work, t, step, settings);
  }
}

function messagesOf(
  event: TransactionEvent,
  t: Transaction,
  settings: ProjectSettings,
): PendingMessage[] {
  switch (event) {
    case 'status-changed':
      return [statusChangedMessage(t, settings)];
    case 'recurring-subscribed':
      return t.permanentTokenId ? [recurringSubscribedMessage(t, t.permanentTokenId)] : [];
  }
}
