import { Inject, Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { ProcessingOrchestratorConfig } from '../../../config/processing-orchestrator.config';
import { FireDueTimersUseCase } from './fire-due-timers.use-case';

const BATCH = 200;

/** Polls the due_at column; a full batch goes round again at once. Every replica may run it. */
@Injectable()
export class TaskTimerScheduler extends PollingWorker {
  constructor(
    private readonly fireDueTimers: FireDueTimersUseCase,
    @Inject(ProcessingOrchestratorConfig) private readonly config: ProcessingOrchestratorConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.timerPollMs;
  }

  protected async poll(): Promise<boolean> {
    return (await this.fireDueTimers.execute(BATCH)) === BATCH;
  }
}
