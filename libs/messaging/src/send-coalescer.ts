import type { Message, TopicMessages } from 'kafkajs';

/** One caller's records, by physical topic, in the order it gave them. */
export type TopicRecords = ReadonlyMap<string, readonly Message[]>;

interface Waiting {
  records: TopicRecords;
  size: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Most messages one merged send carries (the relay's own batches are 500). */
const MAX_MERGED_MESSAGES = 1000;

/**
 * Merges the sends that callers start while one is in flight into the next producer request
 * (ADR 0042). Nothing waits for a batch to fill: an idle producer sends at the end of the current
 * turn of the event loop (ADR 0044), with whatever else that turn started; under load, the
 * sends queued during one broker round trip go out together in the next, in the order they were
 * started, so per-key order holds. An outage fails every caller of the request; a refusal of a
 * merged request (a message the broker will not take) is sent again caller by caller, so that only
 * the caller whose message was refused sees it.
 */
export class SendCoalescer {
  private readonly queue: Waiting[] = [];
  private sending = false;

  constructor(private readonly sendBatch: (topicMessages: TopicMessages[]) => Promise<void>) {}

  send(records: TopicRecords): Promise<void> {
    let size = 0;
    for (const messages of records.values()) size += messages.length;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ records, size, resolve, reject });
      if (this.sending) return;
      // Idle: send at the end of this turn of the event loop, so that what the same piece of work
      // sends (a commit's outbox rows and the reply to its request, ADR 0044) shares one request.
      this.sending = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.sendNext(this.takeNext());
    } finally {
      this.sending = false;
    }
  }

  /** The waiting sends that fit in one request, oldest first (always at least one). */
  private takeNext(): Waiting[] {
    let count = 1;
    let size = this.queue[0].size;
    while (count < this.queue.length && size + this.queue[count].size <= MAX_MERGED_MESSAGES) {
      size += this.queue[count].size;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async sendNext(group: Waiting[]): Promise<void> {
    try {
      await this.sendBatch(merge(group.map((waiting) => waiting.records)));
      for (const waiting of group) waiting.resolve();
    } catch (error) {
      const refused = (error as { retriable?: boolean }).retriable === false;
      if (group.length === 1 || !refused) {
        for (const waiting of group) waiting.reject(error);
        return;
      }
      for (const waiting of group) {
        await this.sendBatch(merge([waiting.records])).then(waiting.resolve, waiting.reject);
      }
    }
  }
}

function merge(all: readonly TopicRecords[]): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const records of all) {
    for (const [topic, messages] of records) {
      const list = byTopic.get(topic);
      if (list) list.push(...messages);
      else byTopic.set(topic, [...messages]);
    }
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}
