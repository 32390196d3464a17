import type { EntityManager } from 'typeorm';
import { UserCreatedV1Message, type MessageEnvelope } from '@opp/contracts';
import { runWithCorrelation, runWithTraceHeaders } from '@opp/observability';
import { OutboxWriter } from './outbox-writer';

const payload = (id: string) => ({
  id,
  projectId: 1,
  identifier: `u-${id}`,
  createdAt: new Date().toISOString(),
});

/** The rows of an INSERT whose values are one array per column (ADR 0065), row by row. */
const rowsOf = (values: unknown[]) =>
  (values[0] as unknown[]).map((_, row) => values.map((column) => (column as unknown[])[row]));

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
    const rows = rowsOf(calls[0].values);
    expect(rows).toHaveLength(2);
    expect(rows[0].slice(0, 4)).toEqual([
      envelopes[0].id,
      'users-recurring.user-events.v1',
      '1',
      'users.user-created.v1',
    ]);
    expect(rows[1].slice(0, 3)).toEqual([envelopes[1].id, 'users-recurring.user-events.v1', '2']);
    const stored = JSON.parse(rows[0][4] as string) as MessageEnvelope;
    expect(stored).toEqual(envelopes[0]);
    expect(stored.correlationId).toBe('req-9');
  });

  it('stores the correlation id and the trace context of the unit of work in each row', async () => {
    const calls: { sql: string; values: unknown[] }[] = [];
    const tx = {
      query: async (sql: string, values: unknown[]) => void calls.push({ sql, values }),
    };
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const envelopes = await runWithCorrelation('req-42', () =>
      runWithTraceHeaders({ traceparent, tracestate: 'opp=1' }, () =>
        new OutboxWriter().add(tx as unknown as EntityManager, [
          { definition: UserCreatedV1Message, key: '1', payload: payload('1') },
          {
            definition: UserCreatedV1Message,
            key: '2',
            payload: payload('2'),
            options: { correlationId: 'explicit' },
          },
        ]),
      ),
    );
    expect(calls[0].sql).toMatch(/correlation_id, traceparent, tracestate/);
    expect(envelopes.map((e) => e.correlationId)).toEqual(['req-42', 'explicit']);
    const rows = rowsOf(calls[0].values);
    expect(rows[0].slice(5, 8)).toEqual(['req-42', traceparent, 'opp=1']);
    expect(rows[1].slice(5, 8)).toEqual(['explicit', traceparent, 'opp=1']);
  });

  it('leaves correlation and trace empty outside a unit of work', async () => {
    const calls: unknown[][] = [];
    const tx = { query: async (_sql: string, values: unknown[]) => void calls.push(values) };
    await new OutboxWriter().add(tx as unknown as EntityManager, [
      { definition: UserCreatedV1Message, key: '1', payload: payload('1') },
    ]);
    expect(rowsOf(calls[0])[0].slice(5, 8)).toEqual([null, null, null]);
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
