import * as http from 'node:http';
import { eventually } from '@opp/testing';
import { startMerchantEndpoint, type MerchantEndpoint } from './merchant-endpoint';

/** A callback as the notifier posts it, on loopback; answers the status or the error's code. */
function post(url: string, transactionId: number, abort?: (request: http.ClientRequest) => void) {
  return new Promise<string>((resolve) => {
    const request = http.request(url, { method: 'POST' }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(`id=${transactionId}&status=completed&order_id=order-${transactionId}`);
    abort?.(request);
  });
}

describe('startMerchantEndpoint', () => {
  let endpoint: MerchantEndpoint | undefined;

  afterEach(async () => {
    await endpoint?.close();
    endpoint = undefined;
  });

  it('receives a callback when it answers it, after its delay', async () => {
    endpoint = await startMerchantEndpoint({ answerDelayMs: 50 });
    expect(await post(endpoint.url, 1)).toBe('200');
    expect(endpoint.received).toEqual([{ id: '1', status: 'completed', orderId: 'order-1' }]);
    expect(endpoint.unanswered).toBe(0);
  });

  it('has not received a callback whose connection was cut before its answer', async () => {
    const open = await startMerchantEndpoint({ answerDelayMs: 600_000 });
    endpoint = open;
    const answer = post(open.url, 2);
    await eventually(() => open.unanswered === 1, 'the callback held for its answer');
    await open.down();
    expect(await answer).toBe('ECONNRESET');
    await eventually(() => open.unanswered === 0, 'the cut connection seen by the endpoint');
    expect(open.received).toEqual([]);
  });

  it('has not received a callback whose answer fell due as it went down', async () => {
    // Only the answer's timer is faked: it fires after the cut and before the cut's close event.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const open = await startMerchantEndpoint({ answerDelayMs: 1_000 });
      endpoint = open;
      const answer = post(open.url, 4);
      while (open.unanswered === 0) await new Promise((resolve) => setImmediate(resolve));
      const down = open.down();
      jest.advanceTimersByTime(1_000);
      await down;
      expect(await answer).toBe('ECONNRESET');
      expect(open.unanswered).toBe(0);
      expect(open.received).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('has not received a callback its sender gave up on before the answer', async () => {
    const open = await startMerchantEndpoint({ answerDelayMs: 600_000 });
    endpoint = open;
    let request: http.ClientRequest | undefined;
    const answer = post(open.url, 3, (sent) => (request = sent));
    await eventually(() => open.unanswered === 1, 'the callback held for its answer');
    request?.destroy();
    await answer;
    await eventually(() => open.unanswered === 0, 'the cut connection seen by the endpoint');
    expect(open.received).toEqual([]);
  });
});
