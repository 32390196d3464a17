import type { Consumer } from 'kafkajs';
import { ConsumerRestarter } from './consumer-restarter';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ConsumerRestarter', () => {
  it('disconnects the old consumer and starts again until a start succeeds', async () => {
    const disconnect = jest.fn(async () => undefined);
    let starts = 0;
    let secondStart: () => void = () => undefined;
    const startedTwice = new Promise<void>((resolve) => (secondStart = resolve));
    const errors: Error[] = [];
    const restarter = new ConsumerRestarter(
      async () => {
        if (++starts === 1) throw new Error('broker away');
        secondStart();
      },
      () => ({ disconnect }) as unknown as Consumer,
      (error) => errors.push(error),
      5,
    );
    restarter.enable();
    restarter.schedule();
    restarter.schedule(); // one restart at a time
    await startedTwice;
    await tick();
    expect(starts).toBe(2);
    expect(disconnect).toHaveBeenCalledTimes(2);
    expect(errors.map((e) => e.message)).toEqual(['broker away']);
  });

  it('does nothing once disabled', async () => {
    const start = jest.fn(async () => undefined);
    const restarter = new ConsumerRestarter(
      start,
      () => undefined,
      () => undefined,
      5,
    );
    restarter.enable();
    restarter.schedule();
    restarter.disable();
    await tick();
    expect(start).not.toHaveBeenCalled();
  });
});
