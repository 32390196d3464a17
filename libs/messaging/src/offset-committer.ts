import type { Consumer } from 'kafkajs';

interface PartitionOffset {
  topic: string;
  partition: number;
  /** The next offset to read: one past the last message handled. */
  offset: string;
}

/** How often handled offsets are committed unless a consumer says otherwise (ADR 0065). */
export const OFFSET_COMMIT_INTERVAL_MS = 1000;

/**
 * Commits consumed offsets on an interval instead of after every fetched batch (kafkajs's default),
 * which costs the broker a request per batch, i.e. per message at low latency. A crash or a
 * rebalance then redelivers up to one interval of messages: the inbox (ADR 0019) applies each
 * message once and answers a repeated request from its stored result, so that costs work, not
 * correctness.
 */
export class OffsetCommitter {
  private pending = new Map<string, PartitionOffset>();
  private started = false;
  /** Armed by the first handled message after a commit: an idle consumer sets no timer (ADR 0065). */
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly consumer: Pick<Consumer, 'commitOffsets'>,
    private readonly intervalMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  start(): void {
    this.started = true;
    if (this.pending.size > 0) this.arm();
  }

  /** A message was handled (applied, answered or parked): its partition may move past it. */
  handled(topic: string, partition: number, offset: string): void {
    this.pending.set(`${topic}\u0000${partition}`, {
      topic,
      partition,
      offset: (BigInt(offset) + 1n).toString(),
    });
    if (this.started) this.arm();
  }

  /** The commit of what is handled now and within the interval, at most an interval from now. */
  private arm(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.intervalMs);
    this.timer.unref();
  }

  /**
   * The group rebalanced: partitions may have moved to another member, whose progress an old
   * offset of ours must not overwrite. Their messages come again to whoever holds them now.
   */
  forget(): void {
    this.pending.clear();
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const offsets = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.consumer.commitOffsets(offsets);
    } catch (error) {
      this.onError(error as Error);
    }
  }

  /** Commits what was handled, then stops (before the consumer disconnects). */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
