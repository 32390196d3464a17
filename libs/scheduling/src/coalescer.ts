import { AsyncLocalStorage } from 'node:async_hooks';

interface Waiting<T, R> {
  item: T;
  weight: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface CoalescerOptions<T> {
  /** Most weight one group carries (default: 500 items, each weighing 1). */
  maxWeight?: number;
  /** An item's weight (default 1): the producer weighs a send by its messages. */
  weigh?: (item: T) => number;
  /**
   * Whether a group of several that failed with this error is run again item by item, so that
   * only a caller whose own item fails sees an error (a message the broker refuses, an event its
   * statement cannot store); otherwise (an outage) every caller of the group fails with it.
   */
  aloneAfter?: (error: unknown) => boolean;
}

/**
 * Gathers what callers hand over while one round trip is in flight into the next, together (ADR
 * 0065: the gateway's replay claims and answers, the notifier's delivery outcomes, a producer's
 * sends). Nothing waits for a group to fill: an idle coalescer starts at once, in its caller's
 * async context (a statement's log line or span is that caller's, as it would be alone). Under
 * load, what queued during one round trip goes out in one, in the coalescer's own context, as it
 * carries several callers' work. `runAll` answers one result per item, in their order; its
 * failure fails every caller of the group, as each would have failed alone, unless `aloneAfter`
 * sends the items again one by one. One group is in flight at a time, so the groups keep the
 * callers' order. Only for work that is done when its round trip returns (a statement that
 * commits by itself, an acknowledged send).
 */
export class Coalescer<T, R> {
  private readonly queue: Waiting<T, R>[] = [];
  private running = false;
  private readonly inOwnContext = AsyncLocalStorage.snapshot();
  private readonly maxWeight: number;
  private readonly weigh: (item: T) => number;
  private readonly aloneAfter: (error: unknown) => boolean;

  constructor(
    private readonly runAll: (items: T[]) => Promise<R[]>,
    options: CoalescerOptions<T> = {},
  ) {
    this.maxWeight = options.maxWeight ?? 500;
    this.weigh = options.weigh ?? (() => 1);
    this.aloneAfter = options.aloneAfter ?? (() => false);
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, weight: this.weigh(item), resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** One group at a time until nothing waits; the first is the idle caller's own. */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      await this.runGroup(this.takeGroup());
      while (this.queue.length > 0) {
        const group = this.takeGroup();
        await this.inOwnContext(() => this.runGroup(group));
      }
    } finally {
      this.running = false;
    }
  }

  /** The waiting items that fit in one group, oldest first (always at least one). */
  private takeGroup(): Waiting<T, R>[] {
    let count = 1;
    let weight = this.queue[0].weight;
    while (count < this.queue.length && weight + this.queue[count].weight <= this.maxWeight) {
      weight += this.queue[count].weight;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async runGroup(group: Waiting<T, R>[]): Promise<void> {
    let results: R[];
    try {
      results = await this.runAll(group.map((waiting) => waiting.item));
    } catch (error) {
      if (group.length > 1 && this.aloneAfter(error)) {
        for (const waiting of group) await this.runGroup([waiting]);
        return;
      }
      for (const waiting of group) waiting.reject(error);
      return;
    }
    group.forEach((waiting, i) => waiting.resolve(results[i]));
  }
}
