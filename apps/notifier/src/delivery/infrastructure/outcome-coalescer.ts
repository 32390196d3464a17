import { AsyncLocalStorage } from 'node:async_hooks';

interface Waiting<T, R> {
  outcome: T;
  resolve: (stored: R) => void;
  reject: (error: unknown) => void;
}

/** Most outcomes one statement carries (the attempt slots keep a group far smaller). */
const MAX_OUTCOMES_PER_STATEMENT = 500;

/**
 * Writes the outcomes that callers finish while one outcome statement is in flight in the next
 * statement, together (ADR 0045, as ADR 0042 does for producer sends). Nothing waits for a group
 * to fill: an idle writer writes at once, in its caller's async context (the statement's log line
 * carries that caller's correlation id, as a statement of its own did). Under load, what queued
 * during one round trip goes out in one statement, in the writer's own context, as it may carry
 * several callers' outcomes. `writeAll` answers one result per outcome, in their order; its
 * failure fails every caller in the statement, as each would have failed alone.
 */
export class OutcomeCoalescer<T, R> {
  private readonly queue: Waiting<T, R>[] = [];
  private writing = false;
  private readonly inOwnContext = AsyncLocalStorage.snapshot();

  constructor(private readonly writeAll: (outcomes: T[]) => Promise<R[]>) {}

  write(outcome: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ outcome, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /** One statement at a time until nothing waits; the first is the idle caller's own. */
  private async drain(): Promise<void> {
    this.writing = true;
    try {
      await this.writeGroup(this.queue.splice(0, MAX_OUTCOMES_PER_STATEMENT));
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, MAX_OUTCOMES_PER_STATEMENT);
        await this.inOwnContext(() => this.writeGroup(group));
      }
    } finally {
      this.writing = false;
    }
  }

  private async writeGroup(group: Waiting<T, R>[]): Promise<void> {
    let stored: R[];
    try {
      stored = await this.writeAll(group.map((waiting) => waiting.outcome));
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
      return;
    }
    group.forEach((waiting, i) => waiting.resolve(stored[i]));
  }
}
