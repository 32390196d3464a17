import { AsyncLocalStorage } from 'node:async_hooks';
import { PollingLoop } from './polling-loop';

/** Waits up to 2 s for `done` (not @opp/testing's eventually: testing uses this lib through messaging). */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollingLoop', () => {
  it('runs at once on start, then on its interval', async () => {
    let rounds = 0;
    const loop = new PollingLoop({ intervalMs: 20, run: async () => void rounds++ });
    loop.start();
    expect(rounds).toBe(1);
    await until(() => rounds >= 2, 'a round on the interval');
    await loop.stop();
  });

  it('never runs two rounds at once, and a wake during a round runs one more after it', async () => {
    let active = 0;
    let maxActive = 0;
    let rounds = 0;
    const loop = new PollingLoop({
      intervalMs: 10_000,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        rounds++;
        await tick(10);
        active--;
      },
    });
    loop.start();
    loop.wake();
    loop.wake();
    await until(() => rounds >= 2 && active === 0, 'the second round');
    await tick(30);
    expect(maxActive).toBe(1);
    expect(rounds).toBe(2);
    await loop.stop();
  });

  it('goes round again at once while there is more work', async () => {
    let left = 3;
    const loop = new PollingLoop({ intervalMs: 10_000, run: async () => --left > 0 });
    loop.start();
    await until(() => left === 0, 'the remaining work');
    expect(left).toBe(0);
    await loop.stop();
  });

  it('sleeps until the due time a round reports, well before the idle interval', async () => {
    let rounds = 0;
    const loop = new PollingLoop({
      intervalMs: 60_000,
      run: async () => (++rounds === 1 ? new Date(Date.now() + 20) : false),
    });
    loop.start();
    await until(() => rounds >= 2, 'the round at the due time');
    await loop.stop();
  });

  it('runs a round at a due time named by wakeAt, and a later one postpones nothing', async () => {
    let rounds = 0;
    const loop = new PollingLoop({ intervalMs: 60_000, run: async () => void rounds++ });
    loop.start();
    await until(() => rounds === 1, 'the first round');
    loop.wakeAt(new Date(Date.now() + 20));
    loop.wakeAt(new Date(Date.now() + 120_000));
    await until(() => rounds >= 2, 'the round at the named due time');
    await loop.stop();
  });

  it('runs every round outside the context of whoever woke it', async () => {
    const trace = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const loop = new PollingLoop({
      intervalMs: 10,
      run: async () => {
        await tick(1);
        seen.push(trace.getStore());
      },
    });
    loop.start();
    await until(() => seen.length >= 1, 'the first round');
    trace.run('charge-1', () => loop.wake());
    trace.run('charge-2', () => loop.wakeAt(new Date(Date.now() + 5)));
    await until(() => seen.length >= 6, 'rounds after the wakes');
    await loop.stop();
    expect(seen.filter((id) => id !== undefined)).toEqual([]);
  });

  it('reports a failure and retries after the retry delay', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const loop = new PollingLoop({
      intervalMs: 10_000,
      retryDelayMs: () => 10,
      onError: (error) => errors.push(error),
      run: async () => {
        rounds++;
        if (rounds === 1) throw new Error('broker away');
      },
    });
    loop.start();
    await until(() => rounds >= 2, 'the retry');
    expect(errors).toHaveLength(1);
    expect(rounds).toBe(2);
    await loop.stop();
  });

  it('waits for the round in progress when stopped, and starts none after', async () => {
    let finished = false;
    let rounds = 0;
    const loop = new PollingLoop({
      intervalMs: 1,
      run: async () => {
        rounds++;
        await tick(20);
        finished = true;
      },
    });
    loop.start();
    await tick(2);
    await loop.stop();
    expect(finished).toBe(true);
    const after = rounds;
    loop.wake();
    await tick(10);
    expect(rounds).toBe(after);
  });
});
