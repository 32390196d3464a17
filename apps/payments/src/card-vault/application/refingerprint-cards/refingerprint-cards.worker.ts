import { Inject, Injectable } from '@nestjs/common';
import { TransactionRunner } from '@opp/persistence';
import { PollingWorker } from '@opp/platform';
import { PaymentsConfig } from '../../../config/payments.config';
import { CardVault } from '../card-vault';

const INTERVAL_MS = 1000;

/**
 * Re-fingerprints vault rows made with another fingerprint key than the current one (ADR 0063),
 * a batch per transaction until none is left; while it runs, look-ups match the old and the new
 * fingerprint. Safe on every instance at once: rows are locked, others skipped.
 */
@Injectable()
export class RefingerprintCardsWorker extends PollingWorker {
  constructor(
    @Inject(TransactionRunner) private readonly runner: TransactionRunner,
    private readonly vault: CardVault,
    @Inject(PaymentsConfig) private readonly config: PaymentsConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return INTERVAL_MS;
  }

  protected async poll(): Promise<void> {
    while ((await this.batch()) === this.config.keyRotationBatchSize) {
      // A full batch: more rows may be waiting.
    }
  }

  batch(): Promise<number> {
    return this.runner.run((work) =>
      this.vault.refingerprint(work, this.config.keyRotationBatchSize),
    );
  }
}
