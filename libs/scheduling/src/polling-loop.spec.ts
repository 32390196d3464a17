import { eventually } from '@opp/testing';
import { PollingLoop } from './polling-loop';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollingLoop', () => {
  it('runs at once on start, then on its interval', async () => {
    let rounds = 0;
    const loop = new PollingLoop({ intervalMs: 20, run: async () => void rounds++ });
    loop.start();
    expect(rounds).toBe(1);
    await eventually(() => rounds >= 2, 'a round on the interval', 2000, 5);
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
    await eventually(() => rounds >= 2 && active === 0, 'the second round', 2000, 5);
    await tick(30);
    expect(maxActive).toBe(1);
    expect(rounds).toBe(2);
    await loop.stop();
  });

  it('goes round again at once while there is more work', async () => {
    let left = 3;
    const loop = new PollingLoop({ intervalMs: 10_000, run: async () => --left > 0 });
    loop.start();
    await eventually(() => left === 0, 'the remaining work', 2000, 5);
    expect(left).toBe(0);
    await loop.stop();
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
    await eventually(() => rounds >= 2, 'the retry', 2000, 5);
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
