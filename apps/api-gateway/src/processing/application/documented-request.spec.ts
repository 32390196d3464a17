import { documentedRequest, documentedTasks } from './documented-request';

describe('documentedRequest (ADR 0064)', () => {
  const task = {
    type: 'card.payment',
    payload: { amount: '1.00', anything: 'kept: the function reads it' },
    expiration: { date: '2030-01-01T00:00:00Z', note: '4111111111111111' },
    extra: '4111111111111111',
    success: [{ type: 'message.send', payload: { text: 'ok' }, stray: 1 }],
  };
  const request = {
    header: {
      request: { id: 'r-1', date: '2026-01-01T00:00:00Z', extra: '4111111111111111' },
      service: {
        sync: true,
        waitTime: 'PT1S',
        result: [{ type: 'URL', uri: 'https://p.example/n', method: 'POST', secret: 'x' }],
        other: 'x',
      },
      stray: { pan: '4111111111111111' },
    },
    payload: {
      partner: { identifier: 'p', parameters: { a: 'b' }, more: 'x' },
      settings: { culture: 'en', encoding: 'utf-8', contact: 'c', userIp: '10.0.0.1', x: 'y' },
      tasks: [task],
      notes: '4111111111111111',
    },
    top: '4111111111111111',
  };

  it('keeps every documented member and drops the others, however deep', () => {
    expect(documentedRequest(request)).toEqual({
      header: {
        request: { id: 'r-1', date: '2026-01-01T00:00:00Z' },
        service: {
          sync: true,
          waitTime: 'PT1S',
          result: [{ type: 'URL', uri: 'https://p.example/n', method: 'POST' }],
        },
      },
      payload: {
        partner: { identifier: 'p', parameters: { a: 'b' } },
        settings: { culture: 'en', encoding: 'utf-8', contact: 'c', userIp: '10.0.0.1' },
        tasks: [
          {
            type: 'card.payment',
            payload: task.payload,
            expiration: { date: '2030-01-01T00:00:00Z' },
            success: [{ type: 'message.send', payload: { text: 'ok' } }],
          },
        ],
      },
    });
    expect(JSON.stringify(documentedRequest(request))).not.toContain('4111111111111111');
  });

  it('keeps a wrongly typed member as sent, for the orchestrator to refuse', () => {
    expect(documentedRequest({ header: 'x', payload: { tasks: 'y' } })).toEqual({
      header: 'x',
      payload: { tasks: 'y' },
    });
  });

  it('reads template tasks the same way', () => {
    expect(documentedTasks([{ type: 'wait', payload: { seconds: 1 }, x: 1 }])).toEqual([
      { type: 'wait', payload: { seconds: 1 } },
    ]);
  });
});
