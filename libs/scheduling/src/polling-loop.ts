import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a round found: `true` when there is more to do at once (a full batch); the time the next
 * known piece of work falls due; or nothing (`false`, `undefined`) when nothing is known to be due.
 */
export type RoundOutcome = boolean | Date | null | void;

export interface PollingLoopOptions {
  /** One round of work (see RoundOutcome). */
  run: () => Promise<RoundOutcome>;
  /**
   * The longest pause between rounds while idle: the safety net behind `wake()`/`wakeAt()` and
   * the due time a round reports, or the poll itself where nothing wakes the loop (ADR 0065).
   */
  intervalMs: number;
  /** Pause after the n-th failure in a row (default: from the interval or 1 s, doubling, at most 30 s). */
  retryDelayMs?: (failures: number) => number;
  onError?: (error: unknown) => void;
}

/**
 * A round reported due in the past is work another replica holds (SKIP LOCKED) or that fell due
 * during the round: look again soon, but never spin on it.
 */
const MIN_PAUSE_MS = 50;

/**
 * Runs a round of work now and then, never two at once: at once when the last round said there is
 * more, at the due time it reported, whenever `wake()` is called (a wake during a round runs one
 * more round after it) or `wakeAt()` names an earlier due time, and at the latest after the idle
 * interval. The one loop behind the outbox relay, the delivery engine and the services' periodic
 * workers (ADR 0065).
 *
 * Rounds and timers run in the async context the loop was built in, never in a caller's: a wake
 * from a request handler must not make every later round (and its logs) run under that request's
 * correlation and trace ids.
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  /** When the pending timer fires (epoch ms). */
  private timerAt = Infinity;
  /** The earliest due time named by `wakeAt()` during the round in progress. */
  private wantedAt = Infinity;
  private running?: Promise<void>;
  private again = false;
  private stopped = true;
  private failures = 0;
  /** Runs a function in the context of the loop's construction (ADR 0065). */
  private readonly inOwnContext = AsyncLocalStorage.snapshot();

  constructor(private readonly options: PollingLoopOptions) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** A round now (or right after the one in progress). */
  wake(): void {
    this.inOwnContext(() => this.wakeNow());
  }

  /** Work falls due at `due`: a round then, unless one is planned sooner (in-process signal). */
  wakeAt(due: Date): void {
    this.inOwnContext(() => this.planAt(due.getTime()));
  }

  /** No new round starts; resolves once the round in progress has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    while (this.running) await this.running;
  }

  private wakeNow(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.clearTimer();
    this.running = this.round().finally(() => (this.running = undefined));
  }

  private planAt(at: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.wantedAt = Math.min(this.wantedAt, at);
      return;
    }
    if (at >= this.timerAt) return;
    if (at <= Date.now()) return this.wakeNow();
    this.setTimer(at);
  }

  private async round(): Promise<void> {
    let next = Date.now() + this.options.intervalMs;
    this.wantedAt = Infinity;
    try {
      let outcome: RoundOutcome;
      do {
        this.again = false;
        outcome = await this.options.run();
        if (outcome === true) this.again = true;
      } while (this.again && !this.stopped);
      if (outcome instanceof Date) {
        next = Math.min(next, Math.max(outcome.getTime(), Date.now() + MIN_PAUSE_MS));
      }
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.options.onError?.(error);
      next = Date.now() + (this.options.retryDelayMs ?? this.defaultRetryDelay)(this.failures);
    }
    if (!this.stopped) this.setTimer(Math.min(next, this.wantedAt));
  }

  private setTimer(at: number): void {
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(() => this.wakeNow(), Math.max(0, at - Date.now()));
    this.timer.unref();
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  // A long idle interval is no reason to wait long after a failure (the database back, say).
  private readonly defaultRetryDelay = (failures: number) =>
    Math.min(30_000, Math.min(this.options.intervalMs, 1000) * 2 ** (failures - 1));
}
