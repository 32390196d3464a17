import { MessageHeaders, UserCreatedV1Message } from '@opp/contracts';
import { KafkaTransport } from './kafka-transport';
import { fakeBroker, PREFIX, rawMessage, TOPIC } from './test/fake-broker';

describe('KafkaTransport routing by the type header', () => {
  async function listening() {
    const broker = fakeBroker();
    const transport = new KafkaTransport({
      connection: broker.connection,
      producer: broker.producer,
      group: 'users-recurring',
      retry: { attempts: 1, initialDelayMs: 1, maxDelayMs: 1 },
    });
    const handled: unknown[] = [];
    transport.addHandler(
      UserCreatedV1Message.type,
      async (p: unknown) => void handled.push(p),
      true,
    );
    await transport.listen(() => undefined);
    return { broker, transport, handled };
  }

  it('skips another consumer’s message type on a shared topic without parsing it', async () => {
    const { broker, transport, handled } = await listening();
    // Not JSON at all: had it been parsed, it would have been parked as breaking its contract.
    await broker.deliverRaw(
      rawMessage('{not json', { [MessageHeaders.messageType]: 'users.some-other-event.v1' }),
    );
    expect(broker.parked).toEqual([]);
    expect(handled).toEqual([]);
    await transport.close();
  });

  it('still checks every message of a type it handles', async () => {
    const { broker, transport } = await listening();
    await broker.deliverRaw(
      rawMessage('{not json', { [MessageHeaders.messageType]: UserCreatedV1Message.type }),
    );
    await broker.deliverRaw(rawMessage('{not json'));
    expect(broker.parked).toEqual([`${PREFIX}${TOPIC}.dlq`, `${PREFIX}${TOPIC}.dlq`]);
    await transport.close();
  });
});
