import { Logger } from '@nestjs/common';
import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import type { InboxPort } from './inbox-port';
import type { MessagePlan, Step } from './message-plan';
import type { RawRecord } from './message-producer';
import type { ReplySender } from './reply-sender';
import { consumerLag, inConsumerSpan } from './consumer-span';

/** The transport's side of batch consumption. */
export interface BatchSteps {
  plan(message: KafkaMessage): MessagePlan;
  /** Runs a planned message's handler in the batch transaction; returns what it answers. */
  run(step: Step, tx: unknown, topic: string, partition: number): Promise<unknown>;
  /** A run of one `OnMessages` handler's messages, in one call of it. */
  together(topic: string, partition: number, run: readonly Gathered[]): Promise<void>;
  /** Today's path for one message, in its own transaction: retries, dead letter, error reply. */
  alone(
    topic: string,
    partition: number,
    message: KafkaMessage,
    plan: MessagePlan,
    lag: number,
  ): Promise<void>;
  /** The message was handled: its offset may be committed. */
  handled(topic: string, partition: number, offset: string): void;
}

interface Planned {
  message: KafkaMessage;
  plan: MessagePlan;
  /** Messages of the partition behind this one when it was fetched (its consumer span's). */
  lag: number;
}

/** A message of a gathered run. */
export interface Gathered extends Planned {
  plan: Extract<MessagePlan, { kind: 'gathered' }>;
}

/**
 * Consumes a fetched partition batch (ADR 0065): runs of messages that go through the inbox apply in
 * one transaction, and their replies leave in one producer call after the commit. A message whose
 * handler throws is isolated: the ones before it commit without it, it goes through the one-message
 * path (retries, dead letter, error reply), and the rest of the batch follows in a new transaction,
 * so per-partition order holds. Consecutive messages of one `OnMessages` handler go to it in one
 * call; a call that throws is handled again message by message. Nothing waits for a batch to fill:
 * a batch is what one fetch returned.
 */
export class BatchConsumer {
  private readonly logger = new Logger(BatchConsumer.name);

  constructor(
    private readonly group: string,
    private readonly replies: ReplySender,
    private readonly steps: BatchSteps,
    /** Messages in one transaction at most: bounds how long a batch holds its locks and replies. */
    private readonly size: number,
    /** Without one every message goes alone (the transport plans none for a batch then). */
    private readonly inbox?: InboxPort,
  ) {}

  async consume(payload: EachBatchPayload): Promise<void> {
    const { topic, partition, highWatermark } = payload.batch;
    const planned = payload.batch.messages.map((message) => ({
      message,
      plan: this.steps.plan(message),
      lag: consumerLag(highWatermark, message.offset),
    }));
    const done = async ({ message }: Planned) => {
      payload.resolveOffset(message.offset);
      this.steps.handled(topic, partition, message.offset);
      await payload.heartbeat();
    };
    let next = 0;
    while (next < planned.length && payload.isRunning() && !payload.isStale()) {
      const item = planned[next];
      if (item.plan.kind === 'batch' && this.inbox) {
        next += await this.applyRun(
          this.inbox,
          topic,
          partition,
          this.runFrom(planned, next),
          done,
        );
        continue;
      }
      if (item.plan.kind === 'gathered') {
        next += await this.applyGathered(topic, partition, this.gatheredFrom(planned, next), done);
        continue;
      }
      if (item.plan.kind !== 'skip') {
        await this.steps.alone(topic, partition, item.message, item.plan, item.lag);
      }
      await done(item);
      next += 1;
    }
  }

  /** The messages from `start` that can share a transaction: up to `size` applied ones. */
  private runFrom(planned: Planned[], start: number): Planned[] {
    const run: Planned[] = [];
    let applied = 0;
    for (const item of planned.slice(start)) {
      const { kind } = item.plan;
      if (kind === 'alone' || kind === 'broken' || kind === 'gathered') break;
      if (item.plan.kind === 'batch' && ++applied > this.size) break;
      run.push(item);
    }
    return run;
  }

  /** The messages from `start` for the same `OnMessages` handler: up to `size`, skipped ones between. */
  private gatheredFrom(planned: Planned[], start: number): Planned[] {
    const first = planned[start].plan;
    const handler = first.kind === 'gathered' ? first.step.handler : undefined;
    const run: Planned[] = [];
    let gathered = 0;
    for (const item of planned.slice(start)) {
      const { plan } = item;
      if (plan.kind !== 'skip' && (plan.kind !== 'gathered' || plan.step.handler !== handler))
        break;
      if (plan.kind === 'gathered' && ++gathered > this.size) break;
      run.push(item);
    }
    return run;
  }

  /** A gathered run in one call; when it throws, each of its messages through the one-message path. */
  private async applyGathered(
    topic: string,
    partition: number,
    run: Planned[],
    done: (item: Planned) => Promise<void>,
  ): Promise<number> {
    const gathered = run.filter((item): item is Gathered => item.plan.kind === 'gathered');
    try {
      await this.steps.together(topic, partition, gathered);
    } catch (error) {
      return this.oneByOne(topic, partition, run, done, 'gathered run failed, one by one', error);
    }
    for (const item of run) await done(item);
    return run.length;
  }

  /**
   * Applies a run in one transaction; returns how many of its messages were handled. A handler that
   * throws rolls the whole transaction back, so nothing of that try outlives it (after-commit hooks
   * included, ADR 0033): the messages before the failing one apply again in a transaction of their
   * own, then the failing one goes alone.
   */
  private async applyRun(
    inbox: InboxPort,
    topic: string,
    partition: number,
    run: Planned[],
    done: (item: Planned) => Promise<void>,
  ): Promise<number> {
    const replies: RawRecord[] = [];
    let failed: number | undefined;
    // The inbox claims the run's messages in one statement before the first handler (ADR 0065).
    const ids = run.flatMap(({ plan }) =>
      plan.kind === 'batch' ? [plan.step.decoded.envelope.id] : [],
    );
    try {
      await inbox.batch(this.group, ids, async (tx) => {
        for (const [index, { message, plan, lag }] of run.entries()) {
          if (plan.kind !== 'batch') continue;
          await inConsumerSpan({ topic, partition, message, lag }, async () => {
            const { decoded } = plan.step;
            const applied = await tx
              .once(decoded.envelope.id, (db) => this.steps.run(plan.step, db, topic, partition))
              .catch((error: unknown) => {
                failed = index;
                throw error;
              });
            const reply = this.replies.record(decoded, applied.result);
            if (reply) replies.push(reply);
          });
        }
      });
    } catch (error) {
      if (failed !== undefined) return this.isolate(inbox, topic, partition, run, failed, done);
      // The commit (or the connection) failed: nothing of the run is known to be applied. One
      // message per transaction then; the inbox skips any that did commit and answers from its record.
      const why = 'batch commit failed, applying one by one';
      return this.oneByOne(topic, partition, run, done, why, error);
    }
    await this.replies.sendAll(replies);
    for (const item of run) await done(item);
    return run.length;
  }

  /** Each message of the run through the one-message path, in order. */
  private async oneByOne(
    topic: string,
    partition: number,
    run: Planned[],
    done: (item: Planned) => Promise<void>,
    why: string,
    error: unknown,
  ): Promise<number> {
    this.logger.warn({ msg: why, topic, error: String(error) });
    for (const item of run) {
      if (item.plan.kind !== 'skip')
        await this.steps.alone(topic, partition, item.message, item.plan, item.lag);
      await done(item);
    }
    return run.length;
  }

  /** After a handler failed at `failed`: the ones before it, then it alone, in that order. */
  private async isolate(
    inbox: InboxPort,
    topic: string,
    partition: number,
    run: Planned[],
    failed: number,
    done: (item: Planned) => Promise<void>,
  ): Promise<number> {
    if (failed > 0) {
      const before = await this.applyRun(inbox, topic, partition, run.slice(0, failed), done);
      if (before < failed) return before; // another failed this time: the caller goes on from it
    }
    const poison = run[failed];
    await this.steps.alone(topic, partition, poison.message, poison.plan, poison.lag);
    await done(poison);
    return failed + 1;
  }
}
