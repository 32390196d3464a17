import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingLoop } from '@opp/scheduling';

/**
 * A service's periodic job (sweeps, timers, settlement, purges) with the app's lifecycle: it starts
 * once the app is up, never overlaps itself, goes round again at once while `poll` reports more
 * work, backs off after failures, and lets the round in progress finish on shutdown.
 */
export abstract class PollingWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private loop?: PollingLoop;

  /** Pause between rounds when there is nothing more to do. */
  protected abstract intervalMs(): number;

  /** One round; resolve `true` when there is more to do at once (a full batch). */
  protected abstract poll(): Promise<boolean | void>;

  onApplicationBootstrap(): void {
    this.loop = new PollingLoop({
      intervalMs: this.intervalMs(),
      run: () => this.poll(),
      onError: (error) =>
        this.logger.warn({ msg: 'round failed, will retry', error: String(error) }),
    });
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
  }
}
