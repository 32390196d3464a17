import { Inject, Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import { SWEEP_BATCH, SweepDueSubscriptionsUseCase } from './sweep-due-subscriptions.use-case';

/**
 * The automatic recurring scheduler: the due times live in the database, so a restart loses
 * nothing; a full batch makes the next one start at once, so a large sweep runs batch after batch.
 */
@Injectable()
export class RecurringSchedulerWorker extends PollingWorker {
  constructor(
    private readonly sweep: SweepDueSubscriptionsUseCase,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.recurringSweepIntervalMs;
  }

  protected async poll(): Promise<boolean> {
    return (await this.sweep.sweepBatch()) === SWEEP_BATCH;
  }
}
