import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import { BatchConsumer, type BatchSteps } from './batch-consumer';
import type { InboxPort } from './inbox-port';
import type { DecodedMessage } from './message-decoder';
import type { MessagePlan, Step } from './message-plan';
import type { ReplySender } from './reply-sender';

/**
 * Messages whose value says how they are planned: `batch`, `alone`, `skip` or `fail` (batched,
 * throws), `batch2` (batched, for a second handler), `gathered`, `gathered2` (an `OnMessages`
 * handler's, a second one's) or `gfail` (gathered, its run throws).
 */
interface Options {
  size?: number;
  stale?: () => boolean;
  /** The one-message path cannot park a failing message (a topic without dead letters). */
  noDeadLetters?: boolean;
  /** Offsets the inbox applied before: their handlers do not run again. */
  appliedBefore?: string[];
}

function harness(values: string[], options: Options = {}) {
  const messages = values.map(
    (value, offset) => ({ value: Buffer.from(value), offset: String(offset) }) as KafkaMessage,
  );
  const resolved: string[] = [];
  const transactions: string[][] = [];
  const alone: string[] = [];
  /** The offsets of each gathered call. */
  const together: string[][] = [];
  /** The ids each inbox transaction was given before its handlers ran. */
  const claims: string[][] = [];
  const handlers = {
    batch: async () => undefined,
    other: async () => undefined,
    gathered: async () => undefined,
    gathered2: async () => undefined,
  };
  const stepOf = (message: KafkaMessage, handler = handlers.batch): Step => ({
    handler,
    decoded: { envelope: { id: message.offset } } as DecodedMessage,
    payload: { offset: message.offset, kind: String(message.value) },
  });
  const kindOf = (step: Step) => (step.payload as { kind: string }).kind;
  const steps: BatchSteps = {
    plan: (message): MessagePlan => {
      const kind = String(message.value);
      if (kind === 'skip') return { kind: 'skip' };
      if (kind === 'batch2') return { kind: 'batch', step: stepOf(message, handlers.other) };
      if (kind === 'gathered' || kind === 'gfail')
        return { kind: 'gathered', step: stepOf(message, handlers.gathered) };
      if (kind === 'gathered2')
        return { kind: 'gathered', step: stepOf(message, handlers.gathered2) };
      return { kind: kind === 'alone' ? 'alone' : 'batch', step: stepOf(message) };
    },
    run: async (step) => {
      if (kindOf(step) === 'fail') throw new Error('cannot apply');
    },
    together: async (_topic, _partition, run) => {
      if (run.some(({ message }) => String(message.value) === 'gfail'))
        throw new Error('cannot apply the run');
      together.push(run.map(({ message }) => message.offset));
    },
    alone: async (_topic, _partition, message) => {
      if (String(message.value) === 'fail' && options.noDeadLetters) throw new Error('kept');
      alone.push(message.offset);
    },
    handled: () => undefined,
  };
  const inbox = {
    batch: async (
      _consumer: string,
      ids: readonly string[],
      run: Parameters<InboxPort['batch']>[2],
    ) => {
      const applied: string[] = [];
      claims.push([...ids]);
      const before = new Set(options.appliedBefore ?? []);
      await run({
        once: async (messageId, work) => {
          if (before.has(messageId)) return { duplicate: true, result: undefined };
          const result = await work(undefined);
          applied.push(messageId);
          return { duplicate: false, result };
        },
      });
      transactions.push(applied);
    },
  } as InboxPort;
  const replies = {
    record: () => undefined,
    sendAll: async () => undefined,
  } as unknown as ReplySender;
  const consumer = new BatchConsumer('group', replies, steps, options.size ?? 50, inbox);
  const consume = () =>
    consumer.consume({
      batch: { topic: 't', partition: 0, messages, highWatermark: String(messages.length) },
      resolveOffset: (offset: string) => resolved.push(offset),
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: options.stale ?? (() => false),
    } as unknown as EachBatchPayload);
  return { consume, resolved, transactions, alone, claims, together };
}

describe('BatchConsumer', () => {
  it('applies runs of at most the batch size, ended by a message that goes alone', async () => {
    const h = harness(['batch', 'skip', 'batch', 'batch', 'alone', 'batch'], { size: 2 });
    await h.consume();
    expect(h.transactions).toEqual([['0', '2'], ['3'], ['5']]);
    // Each transaction is given its messages' ids before the first handler runs (ADR 0065).
    expect(h.claims).toEqual(h.transactions);
    expect(h.alone).toEqual(['4']);
    expect(h.resolved).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('isolates a failing message: the ones before it again without it, it alone, then the rest', async () => {
    const h = harness(['batch', 'batch', 'fail', 'batch']);
    await h.consume();
    expect(h.transactions).toEqual([['0', '1'], ['3']]);
    // The rolled-back try claimed the whole run; the retry of the ones before the failing one, them.
    expect(h.claims).toEqual([['0', '1', '2', '3'], ['0', '1'], ['3']]);
    expect(h.alone).toEqual(['2']);
    expect(h.resolved).toEqual(['0', '1', '2', '3']);
  });

  it('resolves nothing past a message it could not handle: the batch comes again from there', async () => {
    const h = harness(['batch', 'batch', 'fail', 'batch'], { noDeadLetters: true });
    await expect(h.consume()).rejects.toThrow('kept');
    expect(h.transactions).toEqual([['0', '1']]);
    expect(h.resolved).toEqual(['0', '1']);
  });

  it('stops at a rebalance without resolving what it did not handle', async () => {
    let checks = 0;
    const h = harness(['alone', 'alone', 'alone'], { stale: () => ++checks > 2 });
    await h.consume();
    expect(h.alone).toEqual(['0', '1']);
    expect(h.resolved).toEqual(['0', '1']);
  });

  it("hands a run of one OnMessages handler's messages to it in one call, up to the batch size", async () => {
    const h = harness(
      ['gathered', 'skip', 'gathered', 'gathered', 'gathered2', 'batch', 'gathered', 'alone'],
      { size: 3 },
    );
    await h.consume();
    // Cut by the size, by another handler, by a batched message; skipped ones ride along.
    expect(h.together).toEqual([['0', '2', '3'], ['4'], ['6']]);
    expect(h.transactions).toEqual([['5']]);
    expect(h.alone).toEqual(['7']);
    expect(h.resolved).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('handles a gathered run that throws message by message, in order', async () => {
    const h = harness(['gathered', 'gfail', 'skip', 'gathered', 'batch']);
    await h.consume();
    expect(h.together).toEqual([]);
    expect(h.alone).toEqual(['0', '1', '3']);
    expect(h.transactions).toEqual([['4']]);
    expect(h.resolved).toEqual(['0', '1', '2', '3', '4']);
  });
});
