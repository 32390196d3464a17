import { AsyncLocalStorage } from 'node:async_hooks';

interface Waiting<T, R> {
  item: T;
  resolve: (stored: R) => void;
  reject: (error: unknown) => void;
}

/** Most writes one statement carries (callers' concurrency keeps a group far smaller). */
const MAX_PER_STATEMENT = 500;

/**
 * Writes what callers hand over while one statement is in flight in the next statement, together
 * (ADR 0045: the notifier's delivery outcomes, the gateway's replay answers; as ADR 0042 does for
 * producer sends). Nothing waits for a group to fill: an idle writer writes at once, in its
 * caller's async context (the statement's log line carries that caller's correlation id, as a
 * statement of its own did). Under load, what queued during one round trip goes out in one
 * statement, in the writer's own context, as it may carry several callers' writes. `writeAll`
 * answers one result per item, in their order; its failure fails every caller in the statement,
 * as each would have failed alone. Only for writes that commit by themselves (outside a unit of
 * work): each caller's write is durable when its promise resolves.
 */
export class WriteCoalescer<T, R> {
  private readonly queue: Waiting<T, R>[] = [];
  private writing = false;
  private readonly inOwnContext = AsyncLocalStorage.snapshot();

  constructor(private readonly writeAll: (items: T[]) => Promise<R[]>) {}

  write(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /** One statement at a time until nothing waits; the first is the idle caller's own. */
  private async drain(): Promise<void> {
    this.writing = true;
    try {
      await this.writeGroup(this.queue.splice(0, MAX_PER_STATEMENT));
      while (this.queue.length > 0) {
        const group = this.queue.splice(0, MAX_PER_STATEMENT);
        await this.inOwnContext(() => this.writeGroup(group));
      }
    } finally {
      this.writing = false;
    }
  }

  private async writeGroup(group: Waiting<T, R>[]): Promise<void> {
    let stored: R[];
    try {
      stored = await this.writeAll(group.map((waiting) => waiting.item));
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
      return;
    }
    group.forEach((waiting, i) => waiting.resolve(stored[i]));
  }
}
