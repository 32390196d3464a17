import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PollingLoop, type RoundOutcome } from '@opp/scheduling';

/**
 * A service's periodic job (sweeps, timers, settlement, purges) with the app's lifecycle: it starts
 * once the app is up, never overlaps itself, goes round again at once while `poll` reports more
 * work, sleeps until the due time `poll` reports (or the idle interval), backs off after failures,
 * and lets the round in progress finish on shutdown (ADR 0065).
 */
export abstract class PollingWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private loop?: PollingLoop;

  /** The longest pause between rounds when there is nothing more to do (ADR 0065). */
  protected abstract intervalMs(): number;

  /** One round: `true` when there is more to do at once (a full batch), or the next due time. */
  protected abstract poll(): Promise<RoundOutcome>;

  // Async so that a subclass may prepare (a LISTEN connection) before its first round.
  async onApplicationBootstrap(): Promise<void> {
    this.loop = new PollingLoop({
      intervalMs: this.intervalMs(),
      run: () => this.poll(),
      onError: (error) =>
        this.logger.warn({ msg: 'round failed, will retry', error: String(error) }),
    });
    this.loop.start();
  }

  /** Work this process just created falls due at `due` (an in-process signal, ADR 0065). */
  wakeAt(due: Date): void {
    this.loop?.wakeAt(due);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
  }
}
