import {
  deadLetterTopicOf,
  MessageHeaders,
  ResolveUserV1Request,
  Topics,
  type MessageEnvelope,
} from '@opp/contracts';
import { MessageProducer, newEnvelope, type RawRecord } from '@opp/messaging';
import { eventually, headOf, transactionsIn, type LoggedStatement } from '@opp/testing';
import { startBatchFixture, type BatchFixture } from './batch-fixture';
import { userCreatedEnvelope } from './consumer-fixture';

/** Messages in one inbox transaction at most, small so that a burst needs several. */
const BATCH_SIZE = 5;
const KEY = 'one-partition';

/** What a statement of a run touches: the inbox, the outbox, or the handler's own tables. */
// Also inside a data-modifying WITH: a run's results go in the statement of its outbox rows.
const touches = (table: string) => (s: LoggedStatement) =>
  new RegExp(`(^|[()])\\s*(INSERT INTO|UPDATE|SELECT .* FROM) ${table}\\b`, 's').test(
    s.query.trim(),
  );

const resolveUser = (identifier: string) =>
  newEnvelope(ResolveUserV1Request, KEY, { projectId: 1, identifier });

const userCreated = (identifier: string) => userCreatedEnvelope(identifier, KEY);

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

  /** Requests, one producer call, one partition: each answered on the reply topic of the suite. */
  const publishRequests = (envelopes: ReturnType<typeof resolveUser>[]) => {
    const replyTopic = fixture.connection.topicName(Topics.gatewayReplies);
    return fixture.producer.publish(
      envelopes.map((envelope) => ({
        topic: Topics.usersRequests,
        envelope,
        headers: { [MessageHeaders.replyTopic]: replyTopic },
      })),
    );
  };

  it("writes a run's inbox records and outbox rows in a fixed number of statements, whatever its size (ADR 0065)", async () => {
    const replies = await fixture.probe(fixture.connection.topicName(Topics.gatewayReplies));
    const mark = await fixture.statements.quietMark();
    const requests = Array.from({ length: 12 }, (_, i) => resolveUser(`counted-${i}`));
    await publishRequests(requests);
    await eventually(
      () =>
        requests.every((r) => replies.some((p) => p.headers[MessageHeaders.inReplyTo] === r.id)),
      'the replies',
    );
    expect((await fixture.announced('counted-')).length).toBe(12);
    const runs = transactionsIn(fixture.statements.since(mark)).filter((t) =>
      t.some(touches('inbox_messages')),
    );
    const sizes = runs.map((t) => t.filter((s) => /^INSERT INTO effects/.test(s.query)).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(12);
    // Some run holds several messages (fewer transactions than messages, as ADR 0065 proves) ...
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(3);
    for (const run of runs) {
      // ... and every run, whatever its size, claims its messages in one statement, and stores
      // their replies and writes their outbox rows in one more, just before its commit.
      expect(run.filter(touches('inbox_messages')).map(headOf)).toEqual([
        'INSERT INTO inbox_messages',
        'WITH results AS',
      ]);
      expect(run.filter(touches('outbox_messages')).map(headOf)).toEqual(['WITH results AS']);
      expect(run.slice(-2).map(headOf)).toEqual(['WITH results AS', 'COMMIT']);
    }
  });

  it('answers a duplicate in a run from its stored result without running its handler again', async () => {
    const replyTopic = fixture.connection.topicName(Topics.gatewayReplies);
    const replies = await fixture.probe(replyTopic);
    const repliesTo = (request: { id: string }) =>
      replies.filter((p) => p.headers[MessageHeaders.inReplyTo] === request.id);
    const first = resolveUser('dup-first');
    await publishRequests([first]);
    await eventually(() => repliesTo(first).length === 1, 'the first reply');
    // Redelivered next to a new request that comes twice itself: the inbox knows the first from an
    // earlier transaction, the second from earlier in the same run.
    const second = resolveUser('dup-second');
    await publishRequests([first, second, second]);
    await eventually(
      () => repliesTo(first).length === 2 && repliesTo(second).length === 2,
      'the replies',
    );
    for (const request of [first, second]) {
      const identifier = request.payload.identifier;
      expect(fixture.attempts.filter((a) => a.what === identifier)).toHaveLength(1);
      for (const reply of repliesTo(request)) {
        expect((JSON.parse(reply.value) as MessageEnvelope).payload).toEqual({
          ok: true,
          value: { id: `id-of-${identifier}`, created: true },
        });
      }
    }
    expect((await fixture.applied('dup-')).map((a) => a.what)).toEqual(['dup-first', 'dup-second']);
    expect(await fixture.announced('dup-')).toEqual(['dup-first', 'dup-second']);
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
    // The rolled-back try's outbox rows were dropped with it: each message announced once, the
    // poison never.
    expect(await fixture.announced('around-')).toEqual([
      'around-1',
      'around-2',
      'around-3',
      'around-4',
    ]);
    expect(await fixture.announced('poison-')).toEqual([]);
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
    expect(await fixture.announced('commit-')).toEqual(['commit-1', 'commit-2']);
    expect(await fixture.announced('deferred-')).toEqual([]);
  });

  it('sends the replies of a batch in one producer call, after its commit', async () => {
    const sent = jest.spyOn(MessageProducer.prototype, 'publishRawBatch');
    const replyTopic = fixture.connection.topicName(Topics.gatewayReplies);
    const replies = await fixture.probe(replyTopic);
    const requests = Array.from({ length: 4 }, (_, i) => resolveUser(`request-${i}`));
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
