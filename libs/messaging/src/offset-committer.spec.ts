import { OffsetCommitter } from './offset-committer';

function committer() {
  const commits: unknown[][] = [];
  const errors: string[] = [];
  const consumer = {
    commitOffsets: async (offsets: unknown[]) => {
      if (offsets.some((o) => (o as { topic: string }).topic === 'refused')) {
        throw new Error('not a member of the generation');
      }
      commits.push(offsets);
    },
  };
  return { commits, errors, c: new OffsetCommitter(consumer, 1000, (e) => errors.push(e.message)) };
}

describe('OffsetCommitter', () => {
  it('commits the next offset of each partition once per flush, not once per message', async () => {
    const { commits, c } = committer();
    c.handled('t', 0, '41');
    c.handled('t', 0, '42');
    c.handled('t', 1, '7');
    await c.flush();
    await c.flush(); // nothing new: no request to the broker
    expect(commits).toEqual([
      [
        { topic: 't', partition: 0, offset: '43' },
        { topic: 't', partition: 1, offset: '8' },
      ],
    ]);
  });

  it('forgets offsets across a rebalance, so another member’s progress is never overwritten', async () => {
    const { commits, c } = committer();
    c.handled('t', 0, '5');
    c.forget();
    await c.flush();
    expect(commits).toEqual([]);
  });

  it('reports a refused commit and goes on (the messages come again; the inbox dedupes)', async () => {
    const { commits, errors, c } = committer();
    c.handled('refused', 0, '1');
    await c.flush();
    c.handled('t', 0, '2');
    await c.stop();
    expect(errors).toEqual(['not a member of the generation']);
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '3' }]]);
  });

  it('sets no timer while nothing was handled: an idle consumer is not woken', async () => {
    jest.useFakeTimers();
    try {
      const { commits, c } = committer();
      c.start();
      expect(jest.getTimerCount()).toBe(0);
      c.handled('t', 0, '1');
      c.handled('t', 0, '2');
      expect(jest.getTimerCount()).toBe(1);
      await jest.advanceTimersByTimeAsync(1000);
      expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '3' }]]);
      expect(jest.getTimerCount()).toBe(0);
      await c.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('commits on an interval once started', async () => {
    jest.useFakeTimers();
    try {
      const { commits, c } = committer();
      c.start();
      c.handled('t', 0, '9');
      await jest.advanceTimersByTimeAsync(1000);
      expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '10' }]]);
      await c.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
