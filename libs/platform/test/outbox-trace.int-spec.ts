import {
  MessageHeaders,
  ResolveUserV1Request,
  Topics,
  UserCreatedV1Message,
  type TopicDefinition,
} from '@opp/contracts';
import { RequestClient } from '@opp/messaging';
import { runWithCorrelation, runWithTraceHeaders, traceIdOf } from '@opp/observability';
import { OutboxRelay, OutboxWriter } from '@opp/outbox';
import { eventually } from '@opp/testing';
import { startMessagingFixture, type MessagingFixture } from './messaging-fixture';

const TRACE = {
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
  tracestate: 'opp=1',
};

/** The correlation id and trace context cross the outbox and request/reply as Kafka headers. */
describe('trace context and correlation through the outbox and request/reply', () => {
  let fixture: MessagingFixture;

  beforeAll(async () => {
    fixture = await startMessagingFixture('outbox trace');
  });

  afterAll(async () => {
    await fixture?.close();
  });

  const headersOn = async (topic: TopicDefinition) => fixture.probe(topic.name);

  it('sends the writer’s correlation id and traceparent with a row relayed after a restart', async () => {
    const events = await headersOn(Topics.userEvents);
    // Written while no relay runs (the service went down after the commit)...
    await runWithCorrelation('req-outbox-1', () =>
      runWithTraceHeaders(TRACE, () =>
        fixture.dataSource.transaction((tx) =>
          new OutboxWriter().add(tx, [
            {
              definition: UserCreatedV1Message,
              key: 'traced-row',
              payload: {
                id: 'traced-row',
                projectId: 1,
                identifier: 'traced-row',
                createdAt: new Date().toISOString(),
              },
            },
          ]),
        ),
      ),
    );
    // ...and sent by a relay started later, outside any unit of work.
    const relay = new OutboxRelay(fixture.dataSource, fixture.producer, {
      databaseUrl: fixture.databaseUrl,
    });
    await relay.start();
    await eventually(() => events.some((e) => e.key === 'traced-row'), 'the relayed row');
    await relay.stop();
    expect(events.find((e) => e.key === 'traced-row')!.headers).toMatchObject({
      [MessageHeaders.correlationId]: 'req-outbox-1',
      traceparent: TRACE.traceparent,
      tracestate: TRACE.tracestate,
    });
  });

  it('sends the requester’s trace with a request, and the reply carries it back', async () => {
    const requests = await headersOn(ResolveUserV1Request.topic);
    const replies = await headersOn(Topics.gatewayReplies);
    const client = new RequestClient(fixture.connection, fixture.producer, Topics.gatewayReplies);
    await client.start();
    await eventually(() => client.ready, 'the reply consumer');
    const reply = await runWithCorrelation('req-rr-1', () =>
      runWithTraceHeaders(TRACE, () =>
        client.request(
          ResolveUserV1Request,
          { projectId: 1, identifier: 'traced-request', ip: '127.0.0.1' },
          { key: '1:traced-request' },
        ),
      ),
    );
    await client.stop();
    expect(reply.ok).toBe(true);
    await eventually(
      () => replies.some((r) => r.key === '1:traced-request'),
      'the reply on the topic',
    );
    const sent = requests.find((r) => r.key === '1:traced-request')!.headers;
    const answered = replies.find((r) => r.key === '1:traced-request')!.headers;
    expect(sent[MessageHeaders.correlationId]).toBe('req-rr-1');
    expect(answered[MessageHeaders.correlationId]).toBe('req-rr-1');
    for (const headers of [sent, answered]) {
      expect(traceIdOf({ traceparent: headers.traceparent })).toBe(traceIdOf(TRACE));
    }
  });
});
