import { backoffDelay, retrying } from './retry';

describe('backoffDelay', () => {
  const policy = { attempts: 5, initialDelayMs: 100, maxDelayMs: 1000 };

  it('doubles the ceiling per attempt up to the maximum', () => {
    const ceiling = (attempt: number) => backoffDelay(policy, attempt, () => 1);
    expect([1, 2, 3, 4, 5, 6].map(ceiling)).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('spreads delays over the whole range (full jitter)', () => {
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(200);
  });
});

describe('retrying', () => {
  const fast = { attempts: 3, initialDelayMs: 1, maxDelayMs: 2 };

  it('returns the first success', async () => {
    let calls = 0;
    const result = await retrying(fast, async () => {
      calls++;
      if (calls < 3) throw new Error('not yet');
      return 'done';
    });
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after the last attempt with the last error', async () => {
    let calls = 0;
    await expect(
      retrying(fast, async () => {
        calls++;
        throw new Error(`failure ${calls}`);
      }),
    ).rejects.toThrow('failure 3');
    expect(calls).toBe(3);
  });
});
