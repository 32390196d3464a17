import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ProcessingOrchestratorConfig } from '../../../config/processing-orchestrator.config';
import { FireDueTimersUseCase } from './fire-due-timers.use-case';

const BATCH = 200;

/** Polls the due_at column; a full batch goes round again at once. Every replica may run it. */
@Injectable()
export class TaskTimerScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TaskTimerScheduler.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly fireDueTimers: FireDueTimersUseCase,
    @Inject(ProcessingOrchestratorConfig) private readonly config: ProcessingOrchestratorConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let next = this.config.timerPollMs;
    try {
      if ((await this.fireDueTimers.execute(BATCH)) === BATCH) next = 0;
    } catch (error) {
      this.logger.warn({ msg: 'firing due timers failed', error: (error as Error).message });
      next = Math.max(next, 1000);
    }
    this.schedule(next);
  }
}
