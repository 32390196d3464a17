import type { ProducerBatch, TopicMessages } from 'kafkajs';
import type { KafkaConnection } from './kafka-connection';
import { MessageProducer } from './message-producer';

/** A kafkajs producer whose requests the test answers by hand. */
class HeldRequests {
  readonly calls: {
    topicMessages: TopicMessages[];
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];

  readonly producer = {
    events: { DISCONNECT: 'producer.disconnect' },
    on: () => undefined,
    connect: () => Promise.resolve(),
    sendBatch: (batch: ProducerBatch) =>
      new Promise<void>((resolve, reject) =>
        this.calls.push({ topicMessages: batch.topicMessages ?? [], resolve, reject }),
      ),
  };

  /** Each request as topic: values, in order. */
  sent(): string[][] {
    return this.calls.map((call) =>
      call.topicMessages.flatMap(({ topic, messages }) =>
        messages.map((message) => `${topic}:${String(message.value)}`),
      ),
    );
  }
}

const connectionFor = (held: HeldRequests) =>
  ({
    kafka: { producer: () => held.producer },
    options: {},
    topicName: (topic: string) => topic,
  }) as unknown as KafkaConnection;

const settle = () => new Promise((resolve) => setImmediate(resolve));
const message = (value: string) => ({ key: 'k', value });
const refusal = () => Object.assign(new Error('message too large'), { retriable: false });

describe('MessageProducer: sends started during a request go together (ADR 0065)', () => {
  it('sends at once when idle, then what queued meanwhile in one request, in call order', async () => {
    const held = new HeldRequests();
    const producer = new MessageProducer(connectionFor(held));
    const first = producer.publishRaw('t1', message('a'));
    await settle();
    const rest = [
      producer.publishRaw('t1', message('b')),
      producer.publishRawBatch([
        { topic: 't2', message: message('c') },
        { topic: 't1', message: message('d') },
      ]),
    ];
    await settle();
    expect(held.sent()).toEqual([['t1:a']]);
    held.calls[0].resolve();
    await first;
    await settle();
    // One topic's messages keep the order their callers started them in.
    expect(held.sent()).toEqual([['t1:a'], ['t1:b', 't1:d', 't2:c']]);
    held.calls[1].resolve();
    await expect(Promise.all(rest)).resolves.toEqual([undefined, undefined]);
  });

  it('sends a refused merged request again caller by caller: only the refused caller fails', async () => {
    const held = new HeldRequests();
    const producer = new MessageProducer(connectionFor(held));
    const first = producer.publishRaw('t', message('a'));
    await settle();
    const good = producer.publishRaw('t', message('b'));
    const bad = producer.publishRaw('t', message('huge'));
    held.calls[0].resolve();
    await first;
    await settle();
    held.calls[1].reject(refusal());
    await settle();
    expect(held.sent()).toEqual([['t:a'], ['t:b', 't:huge'], ['t:b']]);
    held.calls[2].resolve();
    await settle();
    held.calls[3].reject(refusal());
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow('message too large');
  });

  it('fails every caller of a merged request the broker could not be reached for', async () => {
    const held = new HeldRequests();
    const producer = new MessageProducer(connectionFor(held));
    const first = producer.publishRaw('t', message('a'));
    await settle();
    const merged = ['b', 'c'].map((value) => producer.publishRaw('t', message(value)));
    held.calls[0].resolve();
    await first;
    await settle();
    held.calls[1].reject(new Error('connection lost'));
    for (const send of merged) await expect(send).rejects.toThrow('connection lost');
    // Not sent again one by one: an outage is the same for each.
    expect(held.calls).toHaveLength(2);
  });
});
