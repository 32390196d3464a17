import {
  PaymentsTaskCommandV1Message,
  RequestFinishedV1Message,
  UsersTaskCommandV1Message,
} from '@opp/contracts';
import type { OutboxWriter, PendingMessage } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import { ProcessingRequest } from '../domain/processing-request';
import { ProcessingOutboxWriter } from './processing-outbox.writer';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const request = (userIp: string | null) =>
  ProcessingRequest.restore(
    {
      globalId: 'g',
      partnerIdentifier: 'p',
      projectId: 7,
      sandbox: true,
      request: {},
      sync: false,
      waitingTime: 'PT0S',
      targets: [],
      userIp,
      status: 'PROCESSING',
      createdAt: T0,
      finishedAt: null,
    },
    [],
  );

function writer() {
  const sent: PendingMessage[] = [];
  const outbox = {
    add: async (_work: unknown, messages: readonly PendingMessage[]) => {
      sent.push(...messages);
      return [];
    },
  } as unknown as OutboxWriter;
  return { sent, writer: new ProcessingOutboxWriter(outbox) };
}

describe('ProcessingOutboxWriter', () => {
  it("sends each command to its owner's topic, card.payment without a return URL", async () => {
    const { sent, writer: outbox } = writer();
    await outbox.publish({} as UnitOfWork, request('203.0.113.9'), {
      commands: [
        { taskId: 'a', function: 'user.resolve', payload: { identifier: 'u' } },
        {
          taskId: 'b',
          function: 'card.payment',
          payload: { acs_return_url: 'https://partner.example/back', amount: '1.00' },
        },
      ],
      nextTimerAt: null,
      finishedAt: T0,
    });
    expect(sent.map((m) => m.definition)).toEqual([
      UsersTaskCommandV1Message,
      PaymentsTaskCommandV1Message,
      RequestFinishedV1Message,
    ]);
    expect(sent[1]).toEqual({
      definition: PaymentsTaskCommandV1Message,
      key: 'g',
      payload: {
        taskId: 'b',
        globalId: 'g',
        function: 'card.payment',
        projectId: 7,
        partnerIdentifier: 'p',
        // The challenge returns to the task: the gateway builds its TermUrl (ADR 0031).
        payload: { amount: '1.00' },
        userIp: '203.0.113.9',
      },
      options: { correlationId: 'g' },
    });
    expect(sent[2].payload).toEqual({
      globalId: 'g',
      partnerIdentifier: 'p',
      targets: [],
      finishedAt: T0.toISOString(),
    });
  });

  it("keys every command by its request's GlobalId, so that a level reaches its owner together (ADR 0019)", async () => {
    const { sent, writer: outbox } = writer();
    await outbox.publish({} as UnitOfWork, request(null), {
      commands: ['d', 'e', 'f', 'g2'].map((taskId) => ({
        taskId,
        function: 'user.resolve' as const,
        payload: { identifier: taskId },
      })),
      nextTimerAt: null,
      finishedAt: null,
    });
    expect(sent.map((m) => [m.definition, m.key])).toEqual(
      ['d', 'e', 'f', 'g2'].map(() => [UsersTaskCommandV1Message, 'g']),
    );
  });

  it('leaves userIp out when the request has none', async () => {
    const { sent, writer: outbox } = writer();
    await outbox.publish({} as UnitOfWork, request(null), {
      commands: [{ taskId: 'a', function: 'user.resolve', payload: {} }],
      nextTimerAt: null,
      finishedAt: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).not.toHaveProperty('userIp');
  });
});
