import type { Message, TopicMessages } from 'kafkajs';
import { SendCoalescer } from './send-coalescer';

const records = (topic: string, ...values: string[]) =>
  new Map<string, Message[]>([[topic, values.map((value) => ({ key: 'k', value }))]]);

const valuesOf = (request: TopicMessages[]) =>
  request.flatMap(({ topic, messages }) => messages.map((m) => `${topic}:${String(m.value)}`));

/** A producer whose requests end when the test says so. */
function heldProducer() {
  const requests: TopicMessages[][] = [];
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const sendBatch = (topicMessages: TopicMessages[]) =>
    new Promise<void>((resolve, reject) => {
      requests.push(topicMessages);
      pending.push({ resolve, reject });
    });
  const settle = async (outcome?: unknown) => {
    const next = pending.shift()!;
    if (outcome === undefined) next.resolve();
    else next.reject(outcome);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { requests, sendBatch, settle };
}

/** The current turn of the event loop ends: an idle coalescer's request is in flight after it. */
const turnEnds = () => new Promise((resolve) => setImmediate(resolve));

describe('SendCoalescer', () => {
  it('sends at the end of the turn when idle, and merges what was started meanwhile into the next request', async () => {
    const producer = heldProducer();
    const coalescer = new SendCoalescer(producer.sendBatch);
    const first = coalescer.send(records('a', '1'));
    const sameTurn = coalescer.send(records('c', '0'));
    expect(producer.requests).toHaveLength(0); // the turn is not over
    await turnEnds();
    // What one turn started goes in one request, without waiting for anything else.
    expect(producer.requests).toHaveLength(1);
    expect(valuesOf(producer.requests[0])).toEqual(['a:1', 'c:0']);

    const second = coalescer.send(records('a', '2'));
    const third = coalescer.send(records('b', '3'));
    const fourth = coalescer.send(records('a', '4'));
    await producer.settle();
    await Promise.all([first, sameTurn]);
    expect(producer.requests).toHaveLength(2);
    // One request for the three that waited, each topic's messages in the order they were sent.
    expect(valuesOf(producer.requests[1])).toEqual(['a:2', 'a:4', 'b:3']);

    await producer.settle();
    await Promise.all([second, third, fourth]);
    expect(producer.requests).toHaveLength(2);
  });

  it('fails every caller of a request the broker could not take (an outage)', async () => {
    const producer = heldProducer();
    const coalescer = new SendCoalescer(producer.sendBatch);
    const first = coalescer.send(records('a', '1'));
    await turnEnds();
    const later = Promise.allSettled([
      coalescer.send(records('a', '2')),
      coalescer.send(records('a', '3')),
    ]);
    await producer.settle();
    await first;
    const outage = Object.assign(new Error('broker away'), { retriable: true });
    await producer.settle(outage);
    expect(await later).toEqual([
      { status: 'rejected', reason: outage },
      { status: 'rejected', reason: outage },
    ]);
    expect(producer.requests).toHaveLength(2);
  });

  it('sends a refused merged request again caller by caller: only the refused caller fails', async () => {
    const producer = heldProducer();
    const coalescer = new SendCoalescer(producer.sendBatch);
    const first = coalescer.send(records('a', '1'));
    await turnEnds();
    const later = Promise.allSettled([
      coalescer.send(records('a', 'good')),
      coalescer.send(records('a', 'too-large')),
    ]);
    await producer.settle();
    await first;
    const refusal = Object.assign(new Error('message too large'), { retriable: false });
    await producer.settle(refusal); // the merged request
    await producer.settle(); // 'good' alone
    await producer.settle(refusal); // 'too-large' alone
    expect(await later).toEqual([
      { status: 'fulfilled', value: undefined },
      { status: 'rejected', reason: refusal },
    ]);
    expect(producer.requests.map(valuesOf)).toEqual([
      ['a:1'],
      ['a:good', 'a:too-large'],
      ['a:good'],
      ['a:too-large'],
    ]);
  });

  it('keeps a request to at most a thousand messages', async () => {
    const producer = heldProducer();
    const coalescer = new SendCoalescer(producer.sendBatch);
    const sends = [coalescer.send(records('a', 'first'))];
    await turnEnds();
    for (let i = 0; i < 3; i++) {
      const values = Array.from({ length: 400 }, (_, j) => `${i}-${j}`);
      sends.push(coalescer.send(records('a', ...values)));
    }
    await producer.settle();
    expect(valuesOf(producer.requests[1])).toHaveLength(800);
    await producer.settle();
    expect(valuesOf(producer.requests[2])).toHaveLength(400);
    await producer.settle();
    await Promise.all(sends);
  });
});
