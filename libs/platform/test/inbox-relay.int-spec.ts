import { randomUUID } from 'node:crypto';
import {
  deadLetterTopicOf,
  MessageHeaders,
  ResolveUserV1Request,
  Topics,
  UserCreatedV1Message,
  type MessageEnvelope,
} from '@opp/contracts';
import { RequestClient } from '@opp/messaging';
import { OutboxRelay, OutboxWriter } from '@opp/outbox';
import { eventually } from '@opp/testing';
import { userCreatedEnvelope } from './consumer-fixture';
import { startMessagingFixture, type MessagingFixture } from './messaging-fixture';

const userCreated = (identifier: string) => userCreatedEnvelope(identifier);

describe('outbox relay, inbox and Kafka transport (real broker and PostgreSQL)', () => {
  let fixture: MessagingFixture;

  beforeAll(async () => {
    fixture = await startMessagingFixture('outbox inbox');
  });

  afterAll(async () => {
    await fixture?.close();
  });

  /** What arrives on a topic, from its beginning, with the envelopes decoded. */
  const collect = (topic: string) =>
    fixture.probe(topic, ({ value, headers }) => ({
      envelope: JSON.parse(value) as MessageEnvelope,
      headers,
    }));

  it('applies a message delivered twice exactly once', async () => {
    const duplicate = userCreated('dup-1');
    await fixture.producer.publish([{ topic: Topics.userEvents, envelope: duplicate }]);
    await fixture.producer.publish([{ topic: Topics.userEvents, envelope: duplicate }]);
    // Same key, same partition: once the marker is applied, both copies have been consumed.
    const marker = {
      ...userCreated('dup-1'),
      id: randomUUID(),
      payload: { ...duplicate.payload, identifier: 'dup-1-marker' },
    };
    await fixture.producer.publish([{ topic: Topics.userEvents, envelope: marker }]);
    await eventually(async () => (await fixture.effects('dup-1-marker')) === 1, 'the marker');
    expect(await fixture.effects('dup-1')).toBe(1);
  });

  it('parks a message that keeps failing on the dead-letter topic, and moves on', async () => {
    const deadLetters = await collect(deadLetterTopicOf(Topics.userEvents).name);
    const poison = userCreated('poison-1');
    const next = userCreated('after-poison');
    await fixture.producer.publish([
      { topic: Topics.userEvents, envelope: poison },
      { topic: Topics.userEvents, envelope: next },
    ]);
    await eventually(async () => (await fixture.effects('after-poison')) === 1, 'the next message');
    await eventually(() => deadLetters.some((d) => d.envelope.id === poison.id), 'the dead letter');
    const parked = deadLetters.find((d) => d.envelope.id === poison.id)!;
    expect(parked.headers[MessageHeaders.deadLetterReason]).toContain('cannot apply poison-1');
    expect(parked.headers[MessageHeaders.deadLetterConsumer]).toBe('fixture');
  });

  it('parks a message that breaks its contract without calling the handler', async () => {
    const deadLetters = await collect(deadLetterTopicOf(Topics.userEvents).name);
    const invalid = { ...userCreated('invalid-1'), payload: { id: 'x', projectId: 'one' } };
    await fixture.producer.publish([{ topic: Topics.userEvents, envelope: invalid }]);
    await eventually(
      () => deadLetters.some((d) => d.envelope.id === invalid.id),
      'the dead letter',
    );
    expect(await fixture.effects('invalid-1')).toBe(0);
  });

  it('answers a request over request/reply', async () => {
    const client = new RequestClient(fixture.connection, fixture.producer, Topics.gatewayReplies);
    await client.start();
    await eventually(() => client.ready, 'the reply consumer');
    const reply = await client.request(
      ResolveUserV1Request,
      { projectId: 1, identifier: 'req-1', ip: '127.0.0.1' },
      { key: '1:req-1' },
    );
    await client.stop();
    expect(reply).toEqual({ ok: true, value: { id: 'id-of-req-1', created: true } });
    expect(await fixture.effects('req-1')).toBe(1);
  });

  it("commits the reply consumer's offsets on an interval, not after every reply", async () => {
    // kafkajs's autoCommit commits after every fetched batch: one more broker request per reply.
    const kafka = fixture.connection.kafka;
    const commits: number[] = [];
    const makeConsumer = kafka.consumer.bind(kafka);
    const spy = jest.spyOn(kafka, 'consumer').mockImplementation((config) => {
      const consumer = makeConsumer(config);
      consumer.on(consumer.events.COMMIT_OFFSETS, () => commits.push(Date.now()));
      return consumer;
    });
    const client = new RequestClient(fixture.connection, fixture.producer, Topics.gatewayReplies);
    try {
      await client.start();
      await eventually(() => client.ready, 'the reply consumer');
      const started = Date.now();
      for (let i = 0; i < 10; i++) {
        const reply = await client.request(
          ResolveUserV1Request,
          { projectId: 1, identifier: `commit-${i}`, ip: '127.0.0.1' },
          { key: `1:commit-${i}` },
        );
        expect(reply.ok).toBe(true);
      }
      const seconds = (Date.now() - started) / 1000;
      // At most one commit a second (plus the one in flight when the loop ended), never one a reply.
      expect(commits.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      expect(commits.length).toBeLessThan(10);
    } finally {
      spy.mockRestore();
      await client.stop();
    }
    // Stopping commits what was read, so a consumer of this group would resume after it.
    expect(commits.length).toBeGreaterThan(0);
  });

  it('relays committed outbox messages promptly, in order, and nothing that was rolled back', async () => {
    const events = await collect(Topics.userEvents.name);
    const writer = new OutboxWriter();
    const relay = new OutboxRelay(fixture.dataSource, fixture.producer, {
      databaseUrl: fixture.databaseUrl,
      safetyPollMs: 60_000, // so only the commit notification can wake it in time
    });
    await relay.start();
    const identifiers = Array.from({ length: 50 }, (_, i) => `ordered-${i}`);
    await fixture.dataSource.transaction((tx) =>
      writer.add(
        tx,
        identifiers.map((identifier) => ({
          definition: UserCreatedV1Message,
          key: 'same-aggregate',
          payload: {
            id: identifier,
            projectId: 1,
            identifier,
            createdAt: new Date().toISOString(),
          },
        })),
      ),
    );
    await fixture.dataSource
      .transaction(async (tx) => {
        await writer.add(tx, [
          {
            definition: UserCreatedV1Message,
            key: 'rolled-back',
            payload: {
              id: 'rb',
              projectId: 1,
              identifier: 'rolled-back',
              createdAt: new Date().toISOString(),
            },
          },
        ]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await eventually(
      () => events.filter((e) => e.envelope.key === 'same-aggregate').length === 50,
      'the relayed messages',
    );
    await relay.stop();
    const relayed = events.filter((e) => e.envelope.key === 'same-aggregate');
    expect(relayed.map((e) => (e.envelope.payload as { identifier: string }).identifier)).toEqual(
      identifiers,
    );
    expect(events.some((e) => e.envelope.key === 'rolled-back')).toBe(false);
    const [{ count }] = await fixture.dataSource.query<[{ count: number }]>(
      'SELECT count(*)::int AS count FROM outbox_messages',
    );
    expect(count).toBe(0);
  });
});
