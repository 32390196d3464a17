import { Inject, Injectable } from '@nestjs/common';
import { TransactionRunner } from '@opp/persistence';
import { PollingWorker } from '@opp/platform';
import { CardVaultStore } from '../card-vault.store';

const SWEEP_INTERVAL_MS = 5000;

/**
 * Security codes must not outlive their token's 10 minutes even when nobody tries the token again:
 * a periodic sweep erases the expired ones. Safe on every instance at once (an idempotent UPDATE).
 */
@Injectable()
export class SweepExpiredCodesWorker extends PollingWorker {
  constructor(
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly cards: CardVaultStore,
  ) {
    super();
  }

  protected intervalMs(): number {
    return SWEEP_INTERVAL_MS;
  }

  protected async poll(): Promise<void> {
    await this.sweep();
  }

  sweep(): Promise<number> {
    return this.runner.run((work) => this.cards.eraseExpiredSecurityCodes(work));
  }
}
