import { Inject, Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { UsersRecurringConfig } from '../../../config/users-recurring.config';
import {
  COMPENSATE_BATCH,
  CompensateOverdueFlowsUseCase,
} from './compensate-overdue-flows.use-case';

/** Compensates recurring charge flows past their deadline (ADR 0060); the deadlines are rows. */
@Injectable()
export class RecurringChargeDeadlineWorker extends PollingWorker {
  constructor(
    private readonly compensate: CompensateOverdueFlowsUseCase,
    @Inject(UsersRecurringConfig) private readonly config: UsersRecurringConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.recurringSweepIntervalMs;
  }

  protected async poll(): Promise<boolean> {
    return (await this.compensate.compensateBatch()) === COMPENSATE_BATCH;
  }
}
