import type { DataSource } from 'typeorm';
import type { MessageProducer, SerializedMessage } from '@opp/messaging';
import { CommittedSends, RELAY_HAS_NOTHING } from './committed-sends';
import type { OutboxRow } from './outbox-rows';
import { DELETE_SENT } from './sent-rows';

const row = (key: string, correlationId: string | null = null): OutboxRow => [
  `id-${key}`,
  'payments.transaction-events.v1',
  key,
  'payments.transaction-status-changed.v1',
  `{"id":"id-${key}"}`,
  correlationId,
  correlationId ? '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' : null,
  null,
];

/** ADR 0065: a committed transaction's rows, sent by their writer. */
describe('CommittedSends', () => {
  let published: SerializedMessage[][];
  let queries: { sql: string; values: unknown[] }[];
  let refuse: Error | undefined;
  let wakes: number;
  let relayHasNothing: boolean;
  let sends: CommittedSends;
  /** When set, each send waits for it: the broker has not answered yet. */
  let answer: Promise<void> | undefined;

  beforeEach(() => {
    published = [];
    queries = [];
    refuse = undefined;
    wakes = 0;
    relayHasNothing = false;
    answer = undefined;
    const producer = {
      publishSerialized: async (messages: SerializedMessage[]) => {
        published.push(messages);
        await answer;
        if (refuse) throw refuse;
      },
    } as unknown as MessageProducer;
    const dataSource = {
      query: async (sql: string, values: unknown[]) => {
        queries.push({ sql, values });
        return sql === RELAY_HAS_NOTHING ? [{ empty: relayHasNothing }] : undefined;
      },
    } as unknown as DataSource;
    sends = new CommittedSends(dataSource, producer, 10_000, 10, () => (wakes += 1));
  });

  it('sends the rows as they were written, then deletes them', async () => {
    sends.sendCommitted({ seqs: ['7', '8'], rows: [row('a', 'corr-1'), row('b')] });
    await sends.settled();
    expect(published).toEqual([
      [
        {
          topic: 'payments.transaction-events.v1',
          key: 'a',
          type: 'payments.transaction-status-changed.v1',
          value: '{"id":"id-a"}',
          correlationId: 'corr-1',
          headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
        },
        {
          topic: 'payments.transaction-events.v1',
          key: 'b',
          type: 'payments.transaction-status-changed.v1',
          value: '{"id":"id-b"}',
          correlationId: null,
          headers: {},
        },
      ],
    ]);
    expect(queries).toEqual([{ sql: DELETE_SENT, values: [['7', '8']] }]);
    expect(wakes).toBe(0);
  });

  it('deletes the rows of the commits sent meanwhile in one statement', async () => {
    sends.sendCommitted({ seqs: ['1'], rows: [row('a')] });
    sends.sendCommitted({ seqs: ['2'], rows: [row('b')] });
    sends.sendCommitted({ seqs: ['3'], rows: [row('c')] });
    await sends.settled();
    const deleted = queries.flatMap((q) => q.values[0] as string[]);
    expect(deleted).toEqual(['1', '2', '3']);
    expect(queries.length).toBeLessThan(3);
  });

  it('sends one batch at a time: the commits made while one is in flight go together, in order', async () => {
    let answerNow!: () => void;
    answer = new Promise((resolve) => (answerNow = resolve));
    sends.sendCommitted({ seqs: ['1'], rows: [row('a')] });
    sends.sendCommitted({ seqs: ['2'], rows: [row('a')] });
    sends.sendCommitted({ seqs: ['3'], rows: [row('b')] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(published.map((batch) => batch.map((m) => m.value))).toEqual([['{"id":"id-a"}']]);
    answerNow();
    await sends.settled();
    expect(published.map((batch) => batch.length)).toEqual([1, 2]);
    expect(queries.flatMap((q) => q.values[0] as string[])).toEqual(['1', '2', '3']);
  });

  it('releases the rows queued behind a failed send with its own, and the later ones too', async () => {
    let answerNow!: () => void;
    answer = new Promise((resolve) => (answerNow = resolve));
    refuse = new Error('broker down');
    sends.sendCommitted({ seqs: ['1'], rows: [row('a')] });
    sends.sendCommitted({ seqs: ['2'], rows: [row('a')] });
    answerNow();
    await sends.settled();
    sends.sendCommitted({ seqs: ['3'], rows: [row('a')] }); // held before the failure, committed after
    await sends.settled();
    expect(published).toHaveLength(1);
    expect(queries.map((q) => q.values[0])).toEqual([['1', '2'], ['3']]);
  });

  it('releases the rows of a failed send to the relay and holds none until it has drained', async () => {
    expect(sends.holdMs()).toBe(10_000);
    refuse = new Error('broker down');
    sends.sendCommitted({ seqs: ['5', '6'], rows: [row('a'), row('b')] });
    await sends.settled();
    expect(queries).toEqual([
      {
        sql: expect.stringMatching(/^UPDATE outbox_messages SET held_until = NULL/),
        values: [['5', '6']],
      },
    ]);
    expect(wakes).toBe(1);
    // Newer rows go to the relay too, behind the released ones, until nothing is left for it:
    // a relay that claimed nothing because another replica holds the lock does not end that.
    expect(sends.holdMs()).toBeUndefined();
    await sends.relayClaimedNothing();
    expect(sends.holdMs()).toBeUndefined();
    relayHasNothing = true;
    await sends.relayClaimedNothing();
    expect(sends.holdMs()).toBe(10_000);
    expect(queries.filter((q) => q.sql === RELAY_HAS_NOTHING).map((q) => q.values)).toEqual([
      [10],
      [10],
    ]);
  });
});
