import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PollingWorker } from '@opp/platform';
import { CardVaultRepository } from '../../infrastructure/card-vault.repository';

const SWEEP_INTERVAL_MS = 5000;

/**
 * Security codes must not outlive their token's 10 minutes even when nobody tries the token again:
 * a periodic sweep erases the expired ones. Safe on every instance at once (an idempotent UPDATE).
 */
@Injectable()
export class SweepExpiredCodesWorker extends PollingWorker {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cards: CardVaultRepository,
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
    return this.cards.eraseExpiredSecurityCodes(this.dataSource);
  }
}
