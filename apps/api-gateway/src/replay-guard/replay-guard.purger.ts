import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { SignedRequestRepository } from './signed-request.repository';

const PURGE_EVERY_MS = 15 * 60 * 1000;

/**
 * Deletes remembered signatures past the 24-hour window, every 15 minutes on every replica (the
 * DELETE is idempotent). Expired rows are also taken over on a claim, so purging late is harmless.
 */
@Injectable()
export class ReplayGuardPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReplayGuardPurger.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly repository: SignedRequestRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(): Promise<number> {
    try {
      const deleted = await this.repository.purgeExpired();
      if (deleted > 0) this.logger.log({ msg: 'purged expired signatures', deleted });
      return deleted;
    } catch (error) {
      this.logger.warn({ msg: 'purging expired signatures failed', reason: String(error) });
      return 0;
    }
  }
}
