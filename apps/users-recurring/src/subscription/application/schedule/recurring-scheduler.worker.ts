import { Inject, Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { ProjectClock } from '@opp/snapshots';
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
    clock: ProjectClock,
  ) {
    super();
    // An advanced sandbox clock may make subscriptions due at once (ADR 0069).
    clock.onAdvance(() => this.wakeAt(new Date()));
  }

  protected intervalMs(): number {
    return this.config.recurringSweepIntervalMs;
  }

  protected async poll(): Promise<boolean> {
    return (await this.sweep.sweepBatch()) === SWEEP_BATCH;
  }
}
