import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import { BatchConsumer, type BatchSteps } from './batch-consumer';
import type { InboxPort } from './inbox-port';
import type { DecodedMessage } from './message-decoder';
import type { MessagePlan, Step } from './message-plan';
import type { ReplySender } from './reply-sender';

/**
 * Messages whose value says how they are planned: `batch`, `alone`, `skip` or `fail` (batched,
 * throws), `batch2` (batched, for a second handler); for @OnMessages handlers (ADR 0048)
 * `gathered` and `other` (two handlers) and `gfail` (the first handler's, failing any call it is in).
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
  /** The ids each inbox transaction was given before its handlers ran. */
  const claims: string[][] = [];
  /** The offsets of each call of an @OnMessages handler, and of the calls that failed. */
  const calls: string[][] = [];
  const failedCalls: string[][] = [];
  /** Per handler run in a batch: its offset and the offsets it was told are ahead of it. */
  const aheads: Record<string, string[]> = {};
  const handlers = {
    batch: async () => undefined,
    gathered: async () => undefined,
    other: async () => undefined,
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
      if (kind === 'gathered' || kind === 'gfail')
        return { kind: 'gathered', step: stepOf(message, handlers.gathered) };
      if (kind === 'other') return { kind: 'gathered', step: stepOf(message, handlers.other) };
      if (kind === 'batch2') return { kind: 'batch', step: stepOf(message, handlers.other) };
      return { kind: kind === 'alone' ? 'alone' : 'batch', step: stepOf(message) };
    },
    gathered: async (_topic, _partition, run) => {
      const offsets = run.map(({ message }) => message.offset);
      if (run.some(({ step }) => kindOf(step) === 'gfail')) {
        failedCalls.push(offsets);
        throw new Error('cannot apply');
      }
      calls.push(offsets);
    },
    run: async (step, _tx, _topic, _partition, ahead) => {
      aheads[step.decoded.envelope.id] = ahead().map((p) => (p as { offset: string }).offset);
      if (kindOf(step) === 'fail') throw new Error('cannot apply');
    },
    alone: async (_topic, _partition, message) => {
      const failing = ['fail', 'gfail'].includes(String(message.value));
      if (failing && options.noDeadLetters) throw new Error('kept');
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
        pending: (messageId) => !before.has(messageId) && !applied.includes(messageId),
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
      batch: { topic: 't', partition: 0, messages },
      resolveOffset: (offset: string) => resolved.push(offset),
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: options.stale ?? (() => false),
    } as unknown as EachBatchPayload);
  return { consume, resolved, transactions, alone, claims, calls, failedCalls, aheads };
}

describe('BatchConsumer', () => {
  it('applies runs of at most the batch size, ended by a message that goes alone', async () => {
    const h = harness(['batch', 'skip', 'batch', 'batch', 'alone', 'batch'], { size: 2 });
    await h.consume();
    expect(h.transactions).toEqual([['0', '2'], ['3'], ['5']]);
    // Each transaction is given its messages' ids before the first handler runs (ADR 0041).
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

  it('tells each handler what is ahead of it in its transaction that will apply (ADR 0054)', async () => {
    const h = harness(['batch', 'skip', 'batch', 'batch', 'alone', 'batch'], {
      appliedBefore: ['2'],
    });
    await h.consume();
    // '2' was applied before: its handler does not run, and nothing is prepared for it.
    expect(h.aheads).toEqual({ '0': ['0', '3'], '3': ['3'], '5': ['5'] });
  });

  it('tells a handler nothing past a message for another handler in its run', async () => {
    const h = harness(['batch', 'batch', 'batch2', 'batch']);
    await h.consume();
    expect(h.transactions).toEqual([['0', '1', '2', '3']]);
    expect(h.aheads).toEqual({ '0': ['0', '1'], '1': ['1'], '2': ['2'], '3': ['3'] });
  });

  it('tells the retried ones before a failing message only what that retry applies', async () => {
    const h = harness(['batch', 'batch', 'fail', 'batch']);
    await h.consume();
    // The first try's '0' was told of '0'..'3'; its retry, without '2' and after, of '0' and '1'.
    expect(h.aheads['0']).toEqual(['0', '1']);
    expect(h.aheads['1']).toEqual(['1']);
    expect(h.aheads['3']).toEqual(['3']);
  });

  it('hands an @OnMessages handler its run in one call, skipped messages between them (ADR 0048)', async () => {
    const h = harness(
      [
        'gathered',
        'skip',
        'gathered',
        'other',
        'other',
        'batch',
        'gathered',
        'gathered',
        'gathered',
      ],
      { size: 2 },
    );
    await h.consume();
    expect(h.calls).toEqual([['0', '2'], ['3', '4'], ['6', '7'], ['8']]);
    expect(h.transactions).toEqual([['5']]);
    expect(h.alone).toEqual([]);
    expect(h.resolved).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('sends each message of a failed @OnMessages call through the one-message path', async () => {
    const h = harness(['gathered', 'gfail', 'gathered', 'batch', 'gathered']);
    await h.consume();
    expect(h.failedCalls).toEqual([['0', '1', '2']]);
    expect(h.alone).toEqual(['0', '1', '2']);
    expect(h.transactions).toEqual([['3']]);
    expect(h.calls).toEqual([['4']]);
    expect(h.resolved).toEqual(['0', '1', '2', '3', '4']);
  });

  it('resolves nothing of a failed @OnMessages call that the one-message path could not handle', async () => {
    const h = harness(['gathered', 'gfail', 'gathered'], { noDeadLetters: true });
    await expect(h.consume()).rejects.toThrow('kept');
    expect(h.resolved).toEqual(['0']);
  });

  it('stops at a rebalance without resolving what it did not handle', async () => {
    let checks = 0;
    const h = harness(['alone', 'alone', 'alone'], { stale: () => ++checks > 2 });
    await h.consume();
    expect(h.alone).toEqual(['0', '1']);
    expect(h.resolved).toEqual(['0', '1']);
  });
});
