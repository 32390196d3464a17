import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CardVaultRepository } from '../../infrastructure/card-vault.repository';

const SWEEP_INTERVAL_MS = 5000;

/**
 * Security codes must not outlive their token's 10 minutes even when nobody tries the token again:
 * a periodic sweep erases the expired ones. Safe on every instance at once (an idempotent UPDATE).
 */
@Injectable()
export class SweepExpiredCodesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SweepExpiredCodesWorker.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cards: CardVaultRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    try {
      return await this.cards.eraseExpiredSecurityCodes(this.dataSource);
    } catch (error) {
      this.logger.warn({ msg: 'security code sweep failed', error: (error as Error).message });
      return 0;
    }
  }
}
