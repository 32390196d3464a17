import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import {
  TaskResultV1Message,
  UserCreatedV1Message,
  UsersTaskCommandV1Message,
  type UserCreatedV1,
  type MessageEnvelope,
  type TaskCommandV1,
  type TaskResultV1,
} from '@opp/contracts';
import { newEnvelope } from '@opp/messaging';
import {
  eventually,
  headOf,
  statementSuite,
  transactionAround,
  transactionsIn,
  type LoggedStatement,
} from '@opp/testing';

const SUITE = 'users user resolve statements';
const PROJECT = 7;

/** The statement that resolves a user: it inserts one, or finds the one there is (ADR 0065). */
const resolves = (s: LoggedStatement) => /INSERT INTO users\b/.test(s.query);

/**
 * ADR 0065: a `user.resolve` task command costs users-recurring one statement besides its run's
 * inbox and outbox statements, whether the user is new or known. Counted on the client side, from
 * the statements the service logs at debug level.
 */
describe('users-recurring: the statements of a user.resolve task', () => {
  const statements = statementSuite(SUITE, 'users-recurring');
  let consumer: Consumer;
  const results: TaskResultV1[] = [];
  /** The identifiers of the user-created events seen. */
  const announced: string[] = [];

  beforeAll(async () => {
    consumer = statements.connection.kafka.consumer({
      groupId: `${statements.stack.topicPrefix}probe-${randomUUID()}`,
    });
    await consumer.connect();
    for (const definition of [TaskResultV1Message, UserCreatedV1Message]) {
      await consumer.subscribe({
        topic: statements.connection.topicName(definition.topic),
        fromBeginning: true,
      });
    }
    await consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = JSON.parse(String(message.value)) as MessageEnvelope;
        if (envelope.type === TaskResultV1Message.type)
          results.push(envelope.payload as TaskResultV1);
        if (envelope.type === UserCreatedV1Message.type)
          announced.push((envelope.payload as UserCreatedV1).identifier);
        return Promise.resolve();
      },
    });
  });

  afterAll(async () => {
    await consumer?.disconnect().catch(() => undefined);
  });

  const command = (identifier: string): TaskCommandV1 => ({
    taskId: randomUUID(),
    globalId: randomUUID(),
    function: 'user.resolve',
    projectId: PROJECT,
    partnerIdentifier: 'statements-partner',
    payload: { identifier, email: `${identifier}@example.com` },
    userIp: '203.0.113.9',
  });

  /** Sends the commands in one producer call, under one key (one partition); answers the results. */
  async function send(commands: TaskCommandV1[], key = randomUUID()): Promise<TaskResultV1[]> {
    await statements.producer.publish(
      commands.map((task) => ({
        topic: UsersTaskCommandV1Message.topic,
        envelope: newEnvelope(UsersTaskCommandV1Message, key, task),
      })),
    );
    const answered = () =>
      commands.map((task) => results.find((result) => result.taskId === task.taskId));
    await eventually(() => answered().every(Boolean), 'the tasks answered');
    return answered() as TaskResultV1[];
  }

  it('resolves a new user in 5 statements, START and COMMIT included', async () => {
    const mark = await statements.log.quietMark();
    const [result] = await send([command(`new-${randomUUID()}`)]);
    expect(result).toMatchObject({ outcome: 'SUCCESS', data: { id: expect.any(String) } });
    await statements.log.quietMark();
    expect(transactionAround(statements.log.since(mark), resolves).map(headOf)).toEqual([
      'START TRANSACTION',
      'INSERT INTO inbox_messages', // the run's inbox claim (ADR 0065)
      'WITH inserted AS', // the user inserted, or the one there is found
      'INSERT INTO outbox_messages', // user-created and the task's result, at the commit
      'COMMIT',
    ]);
  });

  it('resolves a known user in the same statements, to the same id', async () => {
    const identifier = `known-${randomUUID()}`;
    const [first] = await send([command(identifier)]);
    const mark = await statements.log.quietMark();
    const [again] = await send([command(identifier)]);
    expect(again).toMatchObject({ outcome: 'SUCCESS', data: { id: first.data!.id } });
    await statements.log.quietMark();
    expect(transactionAround(statements.log.since(mark), resolves).map(headOf)).toEqual([
      'START TRANSACTION',
      'INSERT INTO inbox_messages',
      'WITH inserted AS',
      'INSERT INTO outbox_messages', // the task's result only: no user was created
      'COMMIT',
    ]);
  });

  it('resolves each task of a run in one statement: 4 + n statements per run of n', async () => {
    const known = `known-${randomUUID()}`;
    await send([command(known)]);
    const twice = `twice-${randomUUID()}`;
    const mark = await statements.log.quietMark();
    const commands = [
      ...Array.from({ length: 5 }, () => command(`new-${randomUUID()}`)),
      command(known),
      command(twice),
      command(known),
      command(twice),
    ];
    const answered = await send(commands);
    expect(answered.map((r) => r.outcome)).toEqual(Array(commands.length).fill('SUCCESS'));
    expect(answered[7].data).toEqual(answered[5].data);
    expect(answered[8].data).toEqual(answered[6].data);
    await statements.log.quietMark();
    const runs = transactionsIn(statements.log.since(mark)).filter((t) => t.some(resolves));
    // However the fetches cut the commands into runs, each task resolves its user in one statement.
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      const n = run.filter(resolves).length;
      expect(run.map(headOf)).toEqual([
        'START TRANSACTION',
        'INSERT INTO inbox_messages',
        ...Array(n).fill('WITH inserted AS'),
        'INSERT INTO outbox_messages',
        'COMMIT',
      ]);
    }
    expect(runs.flat().filter(resolves)).toHaveLength(commands.length);
    // Each new user announced once (the five, and the one named twice), the known one not again.
    const named = new Set(commands.map((c) => String(c.payload.identifier)));
    const ours = () => announced.filter((identifier) => named.has(identifier));
    await eventually(() => ours().length >= 7, 'the user-created events');
    expect(ours().sort()).toEqual([...named].sort());
  });
});
