import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { MessageProducer, SerializedMessage } from '@opp/messaging';
import { traceHeaderFields } from '@opp/observability';
import type { CommittedRowsSender, WrittenRows } from './outbox-buffer';
import type { OutboxRow } from './outbox-rows';
import { SentRows } from './sent-rows';

/** Gives held rows to the relay at once: their writer will not send them. */
const RELEASE = `UPDATE outbox_messages SET held_until = NULL WHERE seq = ANY($1::bigint[])`;

/** Nothing left for the relay to send (rows set aside after their attempts aside). */
export const RELAY_HAS_NOTHING = `
  SELECT NOT EXISTS (SELECT 1 FROM outbox_messages WHERE held_until IS NULL AND attempts < $1)
    AS empty`;

function serialized([
  ,
  topic,
  key,
  type,
  envelope,
  correlationId,
  traceparent,
  tracestate,
]: OutboxRow): SerializedMessage {
  const trace = traceparent ? { traceparent, ...(tracestate ? { tracestate } : {}) } : undefined;
  return { topic, key, type, value: envelope, correlationId, headers: traceHeaderFields(trace) };
}

/**
 * The writer's own sends of its committed outbox rows (ADR 0065): a committed transaction's rows
 * go to the producer at once, from memory, and are deleted once the broker has them; no NOTIFY,
 * no claim. Sends keep the order of the commits: one send is in flight at a time, and the rows
 * committed meanwhile go together in the next. (Two concurrent kafkajs sends are not ordered: each
 * awaits metadata and its broker on its own, and a retried one falls behind the next.) When a send
 * fails, its rows and those queued behind it are released to the relay, and until the relay has
 * drained the outbox, new rows are written for the relay (not held), so that they follow the
 * released ones.
 */
export class CommittedSends implements CommittedRowsSender {
  private readonly logger = new Logger(CommittedSends.name);
  private readonly sent: SentRows;
  private readonly inFlight = new Set<Promise<void>>();
  /** A send failed: the relay sends everything until it finds the outbox empty. */
  private relayOnly = false;
  /** Committed rows waiting for the send in flight to finish. */
  private readonly queued: WrittenRows[] = [];
  private sending = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: MessageProducer,
    private readonly holdForMs: number,
    private readonly maxAttempts: number,
    private readonly wakeRelay: () => void,
  ) {
    this.sent = new SentRows(dataSource);
  }

  holdMs(): number | undefined {
    return this.relayOnly ? undefined : this.holdForMs;
  }

  sendCommitted(written: WrittenRows): void {
    if (this.relayOnly) {
      this.release(written.seqs); // a send before it failed: the relay sends them, in order
      return;
    }
    this.queued.push(written);
    if (!this.sending) this.track(this.sendQueued());
  }

  /** Sends what was queued, in commit order, until the queue is empty or a send fails. */
  private async sendQueued(): Promise<void> {
    this.sending = true;
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0);
        const seqs = batch.flatMap((w) => w.seqs);
        try {
          await this.producer.publishSerialized(batch.flatMap((w) => w.rows.map(serialized)));
        } catch (error) {
          this.relayOnly = true;
          const behind = this.queued.splice(0).flatMap((w) => w.seqs);
          this.logger.warn({
            msg: 'sending committed outbox rows failed; the relay sends them',
            count: seqs.length + behind.length,
            error: (error as Error).message,
          });
          await this.releaseNow([...seqs, ...behind]);
          return;
        }
        this.sent.delete(seqs);
      }
    } finally {
      this.sending = false;
    }
  }

  release(seqs: readonly string[]): void {
    this.track(this.releaseNow(seqs));
  }

  /**
   * The relay claimed nothing: once nothing is left for it (it may have claimed nothing because
   * another replica holds the relay lock), committed rows may be sent by their writer again.
   */
  async relayClaimedNothing(): Promise<void> {
    if (!this.relayOnly) return;
    const [{ empty }] = await this.dataSource.query<[{ empty: boolean }]>(RELAY_HAS_NOTHING, [
      this.maxAttempts,
    ]);
    if (empty) this.relayOnly = false;
  }

  /** Resolves once every send started so far has finished and its rows are deleted or released. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
    await this.sent.settled();
  }

  private async releaseNow(seqs: readonly string[]): Promise<void> {
    try {
      await this.dataSource.query(RELEASE, [seqs]);
    } catch (error) {
      this.logger.warn({
        msg: 'could not release outbox rows; the relay takes them when their hold runs out',
        count: seqs.length,
        error: (error as Error).message,
      });
    }
    this.wakeRelay();
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}
