import { Inject, Injectable } from '@nestjs/common';
import { PollingWorker } from '@opp/platform';
import { PgListener } from '@opp/scheduling';
import { ProcessingOrchestratorConfig } from '../../../config/processing-orchestrator.config';
import { ProcessingRequestStore } from '../processing-request.store';
import { FireDueTimersUseCase } from './fire-due-timers.use-case';

const BATCH = 200;
/** NOTIFY'd by the processing_tasks triggers with a timer's due time (epoch ms) at its commit. */
const TIMERS_CHANNEL = 'processing_timers';

/**
 * Fires due timers; a full batch goes round again at once, otherwise it sleeps until the next due
 * timer, and a timer set anywhere (any replica) tells it at its commit (ADR 0065). Every replica
 * may run it.
 */
@Injectable()
export class TaskTimerScheduler extends PollingWorker {
  private readonly listener: PgListener;

  constructor(
    private readonly fireDueTimers: FireDueTimersUseCase,
    private readonly store: ProcessingRequestStore,
    @Inject(ProcessingOrchestratorConfig) private readonly config: ProcessingOrchestratorConfig,
  ) {
    super();
    this.listener = new PgListener(
      config.databaseUrl,
      TIMERS_CHANNEL,
      (payload) => this.timerSet(payload),
      (error) => this.logger.warn({ msg: 'timers LISTEN connection lost', error: error.message }),
    );
  }

  override async onApplicationBootstrap(): Promise<void> {
    await this.listener
      .start()
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'timers LISTEN failed; polling only', error: String(error) }),
      );
    await super.onApplicationBootstrap();
  }

  override async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
    await super.onApplicationShutdown();
  }

  protected intervalMs(): number {
    return this.config.timerPollMs;
  }

  protected async poll(): Promise<boolean | Date | null> {
    if ((await this.fireDueTimers.execute(BATCH)) === BATCH) return true;
    return this.store.nextDueAt();
  }

  /** A reconnection (no payload) wakes the loop once: whatever was set meanwhile is read then. */
  private timerSet(payload: string | undefined): void {
    const due = Number(payload);
    this.wakeAt(payload && Number.isFinite(due) ? new Date(due) : new Date(0));
  }
}
