import { awaitSyncWindow, syncWaitMs } from './sync-window';

const response = (status: string, sync = true, waitingTime = 'PT2S') => ({
  header: { service: { sync, waitingTime } },
  result: { status },
});

describe('sync window', () => {
  it('waits only with sync, never more than 2 s', () => {
    expect(syncWaitMs(response('PROCESSING', false))).toBe(0);
    expect(syncWaitMs(response('PROCESSING', true, 'PT1S'))).toBe(1000);
    expect(syncWaitMs(response('PROCESSING', true, 'PT2S'))).toBe(2000);
    expect(syncWaitMs(response('PROCESSING', true, 'PT9S'))).toBe(0);
  });

  it('reads the status until it is no longer PROCESSING', async () => {
    const answers = [response('PROCESSING'), response('WAITING')];
    const read = jest.fn(async () => answers.shift()!);
    const final = await awaitSyncWindow(response('PROCESSING'), Date.now(), read, {
      responseOf: (r) => r,
      sleep: async () => undefined,
    });
    expect(final.result).toEqual({ status: 'WAITING' });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('answers at once without sync, and keeps the last answer when a read fails', async () => {
    const read = jest.fn(async () => response('FINISHED'));
    expect(
      await awaitSyncWindow(response('PROCESSING', false), Date.now(), read, {
        responseOf: (r) => r,
      }),
    ).toEqual(response('PROCESSING', false));
    expect(read).not.toHaveBeenCalled();
    const failing = jest.fn(async () => {
      throw new Error('broker');
    });
    const first = response('PROCESSING');
    expect(
      await awaitSyncWindow(first, Date.now(), failing, {
        responseOf: (r) => r,
        sleep: async () => undefined,
      }),
    ).toBe(first);
  });
});
