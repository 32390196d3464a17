import {
  deadLetterTopicOf,
  MessageHeaders,
  ResolveUserV1Request,
  Topics,
  UserCreatedV1Message,
  type MessageEnvelope,
} from '@opp/contracts';
import { MessageProducer, newEnvelope, type RawRecord } from '@opp/messaging';
import { eventually } from '@opp/testing';
import { startBatchFixture, type BatchFixture } from './batch-fixture';

/** Messages in one inbox transaction at most, small so that a burst needs several. */
const BATCH_SIZE = 5;
const KEY = 'one-partition';

const userCreated = (identifier: string) =>
  newEnvelope(UserCreatedV1Message, KEY, {
    id: identifier,
    projectId: 1,
    identifier,
    createdAt: new Date().toISOString(),
  });

describe('batch consumption: one inbox transaction per fetched batch (real broker and PostgreSQL)', () => {
  let fixture: BatchFixture;

  beforeAll(async () => {
    fixture = await startBatchFixture('batch consumption', BATCH_SIZE);
  });

  afterAll(async () => {
    await fixture?.close();
  });

  /** One producer call, one key: one partition, fetched together. */
  const publishEvents = (identifiers: string[]) =>
    fixture.producer.publish(
      identifiers.map((id) => ({ topic: Topics.userEvents, envelope: userCreated(id) })),
    );

  it('applies a burst in fewer transactions than messages, none larger than the batch size', async () => {
    const burst = Array.from({ length: 12 }, (_, i) => `burst-${i}`);
    await publishEvents(burst);
    await eventually(async () => (await fixture.applied('burst-')).length === 12, 'the burst');
    const applied = await fixture.applied('burst-');
    expect(applied.map((a) => a.what)).toEqual(burst);
    const perTransaction = new Map<string, number>();
    for (const { xid } of applied) perTransaction.set(xid, (perTransaction.get(xid) ?? 0) + 1);
    expect(perTransaction.size).toBeLessThan(burst.length);
    expect(Math.max(...perTransaction.values())).toBeLessThanOrEqual(BATCH_SIZE);
  });

  it('isolates a poison message: the ones around it apply once, in order; it is retried alone, then parked', async () => {
    const deadLetters = await fixture.probe(
      fixture.connection.topicName(deadLetterTopicOf(Topics.userEvents)),
    );
    const poison = userCreated('poison-1');
    await fixture.producer.publish([
      { topic: Topics.userEvents, envelope: userCreated('around-1') },
      { topic: Topics.userEvents, envelope: userCreated('around-2') },
      { topic: Topics.userEvents, envelope: poison },
      { topic: Topics.userEvents, envelope: userCreated('around-3') },
      { topic: Topics.userEvents, envelope: userCreated('around-4') },
    ]);
    await eventually(async () => (await fixture.applied('around-')).length === 4, 'the others');
    await eventually(
      () => deadLetters.some((d) => (JSON.parse(d.value) as MessageEnvelope).id === poison.id),
      'the dead letter',
    );
    const applied = await fixture.applied('around-');
    expect(applied.map((a) => a.what)).toEqual(['around-1', 'around-2', 'around-3', 'around-4']);
    expect(await fixture.applied('poison-')).toEqual([]);
    // The first try was in the batch's transaction with the messages before it; that transaction
    // was rolled back whole, those messages committed again without it, and it was retried alone.
    const poisonTries = fixture.attempts.filter((a) => a.what === 'poison-1');
    expect(poisonTries).toHaveLength(1 + 3);
    const [inBatch, ...alone] = poisonTries;
    const firstTries = fixture.attempts.filter((a) => a.xid === inBatch.xid).map((a) => a.what);
    expect(firstTries).toEqual(['around-1', 'around-2', 'poison-1']);
    expect(applied[0].xid).toBe(applied[1].xid);
    expect(applied[0].xid).not.toBe(inBatch.xid);
    for (const tryAlone of alone) {
      expect(fixture.attempts.filter((a) => a.xid === tryAlone.xid)).toEqual([tryAlone]);
    }
    expect(applied[2].xid).toBe(applied[3].xid);
  });

  it('applies a batch whose commit fails one message per transaction', async () => {
    const deadLetters = await fixture.probe(
      fixture.connection.topicName(deadLetterTopicOf(Topics.userEvents)),
    );
    const failsAtCommit = userCreated('deferred-1');
    await fixture.producer.publish([
      { topic: Topics.userEvents, envelope: userCreated('commit-1') },
      { topic: Topics.userEvents, envelope: failsAtCommit },
      { topic: Topics.userEvents, envelope: userCreated('commit-2') },
    ]);
    await eventually(async () => (await fixture.applied('commit-')).length === 2, 'the others');
    await eventually(
      () =>
        deadLetters.some((d) => (JSON.parse(d.value) as MessageEnvelope).id === failsAtCommit.id),
      'the dead letter',
    );
    const applied = await fixture.applied('commit-');
    expect(applied.map((a) => a.what)).toEqual(['commit-1', 'commit-2']);
    expect(applied[0].xid).not.toBe(applied[1].xid);
    expect(await fixture.applied('deferred-')).toEqual([]);
  });

  it('sends the replies of a batch in one producer call, after its commit', async () => {
    const sent = jest.spyOn(MessageProducer.prototype, 'publishRawBatch');
    const replyTopic = fixture.connection.topicName(Topics.gatewayReplies);
    const replies = await fixture.probe(replyTopic);
    const requests = Array.from({ length: 4 }, (_, i) =>
      newEnvelope(ResolveUserV1Request, KEY, { projectId: 1, identifier: `request-${i}` }),
    );
    await fixture.producer.publish(
      requests.map((envelope) => ({
        topic: Topics.usersRequests,
        envelope,
        headers: { [MessageHeaders.replyTopic]: replyTopic },
      })),
    );
    const answered = () =>
      requests.every((r) => replies.some((p) => p.headers[MessageHeaders.inReplyTo] === r.id));
    await eventually(answered, 'the replies');
    const replyCalls = sent.mock.calls
      .map(([records]: [readonly RawRecord[]]) => records.filter((r) => r.topic === replyTopic))
      .filter((records) => records.length > 0);
    sent.mockRestore();
    expect(replyCalls.flat()).toHaveLength(requests.length);
    expect(replyCalls.length).toBeLessThan(requests.length);
    for (const request of requests) {
      const reply = replies.find((p) => p.headers[MessageHeaders.inReplyTo] === request.id)!;
      const identifier = request.payload.identifier;
      expect((JSON.parse(reply.value) as MessageEnvelope).payload).toEqual({
        ok: true,
        value: { id: `id-of-${identifier}`, created: true },
      });
    }
    expect((await fixture.applied('request-')).map((a) => a.what)).toEqual(
      requests.map((r) => r.payload.identifier),
    );
  });
});
