import { Inject, Injectable } from '@nestjs/common';
import { TransactionRunner } from '@opp/persistence';
import { PollingWorker } from '@opp/platform';
import { AcquirerRouter } from '../../../acquirer/application/acquirer-router';
import { CardVault } from '../../../card-vault/application/card-vault';
import { CardVaultStore } from '../../../card-vault/application/card-vault.store';
import { ProjectSettingsStore } from '../../../project/application/project-settings.store';
import { cardIdOf } from '../../domain/transaction';
import { TransactionStore } from '../transaction.store';
import { ChargeOutcomes } from '../charge-outcomes';

/**
 * The longest idle pause: no longer than the sandbox acquirer's settlement delay (2 s, ADR 0006),
 * so a round always sees a new processing charge before it falls due, then sleeps until its
 * settlement time (ADR 0065).
 */
const IDLE_INTERVAL_MS = 2000;
const BATCH = 50;

/**
 * Asks the acquirer for its final word on `processing` charges once their settlement time has come
 * (ADR 0006: within 5 seconds), and records it like any status change (ledger, event, callback).
 * Several instances share the work: a row one holds is skipped by the others.
 */
@Injectable()
export class SettleProcessingWorker extends PollingWorker {
  constructor(
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly transactions: TransactionStore,
    private readonly projects: ProjectSettingsStore,
    private readonly cards: CardVaultStore,
    private readonly vault: CardVault,
    private readonly outcomes: ChargeOutcomes,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
  ) {
    super();
  }

  protected intervalMs(): number {
    return IDLE_INTERVAL_MS;
  }

  /** A full batch goes round again at once; otherwise the next settlement time (same transaction). */
  protected poll(): Promise<boolean | Date | null> {
    return this.runner.run(async (work) => {
      const due = await this.transactions.lockDueForSettlement(work, BATCH);
      for (const t of due) {
        const settings = await this.projects.require(work, t.projectId);
        const card = await this.cards.findCard(work, cardIdOf(t));
        const decision = await this.acquirers.for(settings).settle({
          number: await this.vault.numberOf(card),
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
        });
        await this.outcomes.decide(work, t, decision, settings);
      }
      if (due.length === BATCH) return true;
      return this.transactions.nextSettlementAt(work);
    });
  }
}
