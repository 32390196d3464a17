import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PollingWorker } from '@opp/platform';
import { AcquirerRouter } from '../../../acquirer/application/acquirer-router';
import { CardVault } from '../../../card-vault/application/card-vault';
import { CardVaultRepository } from '../../../card-vault/infrastructure/card-vault.repository';
import { ProjectSettingsRepository } from '../../../project/project-settings.repository';
import { cardIdOf } from '../../domain/transaction';
import { TransactionRepository } from '../../infrastructure/transaction.repository';
import { ChargeOutcomes } from '../charge-outcomes';

const POLL_INTERVAL_MS = 500;
const BATCH = 50;

/**
 * Asks the acquirer for its final word on `processing` charges once their settlement time has come
 * (ADR 0006: within 5 seconds), and records it like any status change (ledger, event, callback).
 * Several instances share the work: a row one holds is skipped by the others.
 */
@Injectable()
export class SettleProcessingWorker extends PollingWorker {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRepository,
    private readonly projects: ProjectSettingsRepository,
    private readonly cards: CardVaultRepository,
    private readonly vault: CardVault,
    private readonly outcomes: ChargeOutcomes,
    @Inject(AcquirerRouter) private readonly acquirers: AcquirerRouter,
  ) {
    super();
  }

  protected intervalMs(): number {
    return POLL_INTERVAL_MS;
  }

  protected async poll(): Promise<boolean> {
    return (await this.settleDue()) === BATCH;
  }

  async settleDue(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const due = await this.transactions.lockDueForSettlement(tx, BATCH);
      for (const t of due) {
        const settings = await this.projects.require(tx, t.projectId);
        const card = await this.cards.findCard(tx, cardIdOf(t));
        const decision = await this.acquirers.for(settings).settle({
          number: await this.vault.numberOf(card),
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
        });
        await this.outcomes.apply(tx, t, decision, settings);
      }
      return due.length;
    });
  }
}
