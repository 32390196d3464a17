import { Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { SignedRequestRepository } from './signed-request.repository';

const PURGE_EVERY_MS = 15 * 60 * 1000;

/**
 * Deletes remembered signatures past the 24-hour window, every 15 minutes on every replica (the
 * DELETE is idempotent). Expired rows are also taken over on a claim, so purging late is harmless.
 */
@Injectable()
export class ReplayGuardPurger extends PollingWorker {
  constructor(private readonly repository: SignedRequestRepository) {
    super();
  }

  protected intervalMs(): number {
    return PURGE_EVERY_MS;
  }

  protected async poll(): Promise<void> {
    await this.purge();
  }

  async purge(): Promise<number> {
    const deleted = await this.repository.purgeExpired();
    if (deleted > 0) this.logger.log({ msg: 'purged expired signatures', deleted });
    return deleted;
  }
}
