import type { Consumer } from 'kafkajs';

/**
 * Starts a kafkajs consumer again after it gave up (a non-retriable crash, or a broker that was
 * away at boot), every `delayMs` until it runs: a service must recover without being restarted.
 */
export class ConsumerRestarter {
  private timer?: NodeJS.Timeout;
  private stopped = true;

  constructor(
    private readonly start: () => Promise<void>,
    private readonly current: () => Consumer | undefined,
    private readonly onError: (error: Error) => void,
    private readonly delayMs = 2000,
  ) {}

  /** Allows restarts (from `start()` of the owner). */
  enable(): void {
    this.stopped = false;
  }

  /** No restart after this (the owner is stopping). */
  disable(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  schedule(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void (this.current()?.disconnect() ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => (this.stopped ? undefined : this.start()))
        .catch((error: Error) => {
          this.onError(error);
          this.schedule();
        });
    }, this.delayMs);
  }
}
