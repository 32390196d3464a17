export interface PollingLoopOptions {
  /** One round of work; resolve `true` when there is more to do at once (a full batch). */
  run: () => Promise<boolean | void>;
  /** Pause between rounds when idle: the safety net behind `wake()`, or the poll itself. */
  intervalMs: number;
  /** Pause after the n-th failure in a row (default: interval, doubling, at most 30 s). */
  retryDelayMs?: (failures: number) => number;
  onError?: (error: unknown) => void;
}

/**
 * Runs a round of work now and then, never two at once: on a timer, at once when the last round
 * said there is more, and whenever `wake()` is called (a wake during a round runs one more round).
 * The one loop behind the outbox relay, the delivery engine and the services' periodic workers.
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private failures = 0;

  constructor(private readonly options: PollingLoopOptions) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round().finally(() => (this.running = undefined));
  }

  /** No new round starts; resolves once the round in progress has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running) await this.running;
  }

  private async round(): Promise<void> {
    let next = this.options.intervalMs;
    try {
      do {
        this.again = false;
        if (await this.options.run()) this.again = true;
      } while (this.again && !this.stopped);
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.options.onError?.(error);
      next = (this.options.retryDelayMs ?? this.defaultRetryDelay)(this.failures);
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => this.wake(), next);
      this.timer.unref();
    }
  }

  private readonly defaultRetryDelay = (failures: number) =>
    Math.min(30_000, this.options.intervalMs * 2 ** (failures - 1));
}
