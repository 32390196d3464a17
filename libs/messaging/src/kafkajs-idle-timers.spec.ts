import { createRequire } from 'node:module';
import { quietKafkajsIdleTimers } from './kafkajs-idle-timers';

type Queue = {
  pending: unknown[];
  inflight: Map<number, unknown>;
  throttleCheckTimeoutId: unknown;
  checkPendingRequests(): void;
  scheduleRequestTimeoutCheck(): void;
  destroy(): void;
};

const load = createRequire(__filename);
const RequestQueue = load('kafkajs/src/network/requestQueue/index.js') as new (
  options: object,
) => Queue;
const silent = { debug: () => undefined, warn: () => undefined, error: () => undefined };
const logger = { ...silent, namespace: () => silent };

const newQueue = () =>
  new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 10_000,
    enforceRequestTimeout: true,
    clientId: 'test',
    broker: 'b:1',
    logger,
    isConnected: () => true,
  });

describe('quietKafkajsIdleTimers', () => {
  beforeAll(() => quietKafkajsIdleTimers());

  it('arms no timer after a check with nothing pending (kafkajs spun a 1 ms timer forever)', () => {
    const queue = newQueue();
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
    queue.destroy();
  });

  it('still checks again while a request waits behind the in-flight window', () => {
    const queue = newQueue();
    queue.pending.push({});
    queue.inflight.set(1, {}); // the window of one is full: the waiting request stays pending
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    queue.destroy();
  });

  it('checks in-flight time limits once a second, not ten times', () => {
    jest.useFakeTimers();
    try {
      const queue = newQueue();
      const timeoutRequest = jest.fn();
      queue.inflight.set(1, {
        sentAt: Date.now() - 20_000,
        requestTimeout: 10_000,
        timeoutRequest,
      });
      queue.scheduleRequestTimeoutCheck();
      jest.advanceTimersByTime(999);
      expect(timeoutRequest).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(timeoutRequest).toHaveBeenCalledTimes(1);
      queue.destroy();
    } finally {
      jest.useRealTimers();
    }
  });
});
