import type { EntityManager } from 'typeorm';
import { UserCreatedV1Message, type MessageEnvelope } from '@opp/contracts';
import { OutboxWriter } from './outbox-writer';

const payload = (id: string) => ({
  id,
  projectId: 1,
  identifier: `u-${id}`,
  createdAt: new Date().toISOString(),
});

describe('OutboxWriter', () => {
  it('writes every message in one INSERT through the caller transaction, keyed and enveloped', async () => {
    const calls: { sql: string; values: unknown[] }[] = [];
    const tx = {
      query: async (sql: string, values: unknown[]) => void calls.push({ sql, values }),
    };
    const envelopes = await new OutboxWriter().add(tx as unknown as EntityManager, [
      {
        definition: UserCreatedV1Message,
        key: '1',
        payload: payload('1'),
        options: { correlationId: 'req-9' },
      },
      { definition: UserCreatedV1Message, key: '2', payload: payload('2') },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0].sql).toMatch(/INSERT INTO outbox_messages/);
    expect(calls[0].values).toHaveLength(10);
    expect(calls[0].values.slice(0, 4)).toEqual([
      envelopes[0].id,
      'users-recurring.user-events.v1',
      '1',
      'users.user-created.v1',
    ]);
    const stored = JSON.parse(calls[0].values[4] as string) as MessageEnvelope;
    expect(stored).toEqual(envelopes[0]);
    expect(stored.correlationId).toBe('req-9');
  });

  it('writes nothing for no messages', async () => {
    const tx = { query: jest.fn() };
    expect(await new OutboxWriter().add(tx as unknown as EntityManager, [])).toEqual([]);
    expect(tx.query).not.toHaveBeenCalled();
  });

  it('refuses a message without a key before touching the database', async () => {
    const tx = { query: jest.fn() };
    await expect(
      new OutboxWriter().add(tx as unknown as EntityManager, [
        { definition: UserCreatedV1Message, key: '', payload: payload('3') },
      ]),
    ).rejects.toThrow(/needs a key/);
    expect(tx.query).not.toHaveBeenCalled();
  });
});
