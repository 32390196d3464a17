import { UserCreatedV1Message } from '@opp/contracts';
import { KafkaTransport } from './kafka-transport';
import { fakeBroker } from './test/fake-broker';

/** ADR 0022: the database down is no reason to dead-letter a message. */
describe('KafkaTransport when a handler cannot reach its database', () => {
  async function failingWith(error: Error) {
    const broker = fakeBroker();
    const transport = new KafkaTransport({
      connection: broker.connection,
      producer: broker.producer,
      group: 'users-recurring',
      retry: { attempts: 2, initialDelayMs: 1, maxDelayMs: 1 },
    });
    transport.addHandler(UserCreatedV1Message.type, () => Promise.reject(error), true);
    await transport.listen(() => undefined);
    return { broker, transport };
  }

  it('keeps the message at its offset (kafkajs fetches it again) instead of parking it', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const { broker, transport } = await failingWith(refused);
    await expect(broker.deliver('ada')).rejects.toThrow(/ECONNREFUSED/);
    expect(broker.parked).toEqual([]);
    await transport.close();
  });

  it('still parks a message whose handler fails for another reason', async () => {
    const { broker, transport } = await failingWith(new Error('amount must be positive'));
    await broker.deliver('ada');
    expect(broker.parked).toHaveLength(1);
    await transport.close();
  });
});
