import { UserCreatedV1Message } from '@opp/contracts';
import { KafkaTransport } from './kafka-transport';
import type { MessageContext } from './message-context';
import { fakeBroker, userCreated } from './test/fake-broker';

const traceparent = (n: number) => `00-4bf92f3577b34da6a3ce929d0e0e473${n}-00f067aa0ba902b7-01`;

describe('KafkaTransport, an OnMessages handler', () => {
  async function listening(handler: (payloads: unknown[], contexts: MessageContext[]) => void) {
    const broker = fakeBroker();
    const transport = new KafkaTransport({
      connection: broker.connection,
      producer: broker.producer,
      group: 'payments',
      retry: { attempts: 1, initialDelayMs: 1, maxDelayMs: 1 },
    });
    // What `@OnMessages` registers (Nest's extras).
    transport.addHandler(
      UserCreatedV1Message.type,
      async (payloads: unknown[], contexts: MessageContext[]) => handler(payloads, contexts),
      true,
      { inbox: false, gathered: true },
    );
    await transport.listen(() => undefined);
    return { broker, transport };
  }

  const run = ['a', 'b', 'c'].map((identifier, n) =>
    userCreated(identifier, { traceparent: traceparent(n) }),
  );

  it('gets a fetched run in one call: the payloads, and contexts with their own traces', async () => {
    const calls: { identifiers: string[]; traces: (string | undefined)[] }[] = [];
    const { broker, transport } = await listening((payloads, contexts) => {
      calls.push({
        identifiers: payloads.map((p) => (p as { identifier: string }).identifier),
        traces: contexts.map((c) => c.trace?.traceparent),
      });
    });
    await broker.deliverAll(run);
    expect(calls).toEqual([
      { identifiers: ['a', 'b', 'c'], traces: [traceparent(0), traceparent(1), traceparent(2)] },
    ]);
    await transport.close();
  });

  it('gets a run that threw again message by message, each as a run of one', async () => {
    const calls: string[][] = [];
    const { broker, transport } = await listening((payloads) => {
      calls.push(payloads.map((p) => (p as { identifier: string }).identifier));
      if (payloads.length > 1) throw new Error('cannot apply the run');
    });
    await broker.deliverAll(run);
    expect(calls).toEqual([['a', 'b', 'c'], ['a'], ['b'], ['c']]);
    expect(broker.parked).toEqual([]);
    await transport.close();
  });
});
