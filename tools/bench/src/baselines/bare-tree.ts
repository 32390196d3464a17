import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, Partitioners, type Consumer, type EachBatchPayload } from 'kafkajs';
import { Pool } from 'pg';
import { createTopics } from '@opp/local-stack';

/** The bench's tree (processing-scenario.ts): task 0 has tasks 1 and 2 after it, they 3-4 and 5-6. */
export const TREE_TASKS = 7;

/** The tasks that run after task `index` succeeded, in a tree numbered level by level. */
export const tasksAfter = (index: number): number[] =>
  [2 * index + 1, 2 * index + 2].filter((next) => next < TREE_TASKS);

const ROLES = ['requests', 'replies', 'commands', 'results', 'users', 'events'] as const;
type Role = (typeof ROLES)[number];

type Request = { kind: 'submit' | 'status'; id: string };
type Command = { id: string; task: number; user: string };

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS bare_tree_requests (
    id uuid PRIMARY KEY, done int NOT NULL DEFAULT 0, status text NOT NULL);
  CREATE TABLE IF NOT EXISTS bare_tree_tasks (
    request_id uuid NOT NULL REFERENCES bare_tree_requests, task int NOT NULL, status text NOT NULL,
    PRIMARY KEY (request_id, task));
  CREATE TABLE IF NOT EXISTS bare_tree_users (id text PRIMARY KEY, ip text NOT NULL);
  CREATE TABLE IF NOT EXISTS bare_tree_user_view (id text PRIMARY KEY, ip text NOT NULL);
  CREATE TABLE IF NOT EXISTS bare_tree_notifications (request_id uuid PRIMARY KEY);`;

const SUBMIT = `
  WITH request AS (INSERT INTO bare_tree_requests (id, status)
                   SELECT id, 'RUNNING' FROM unnest($1::uuid[]) AS id)
  INSERT INTO bare_tree_tasks (request_id, task, status)
  SELECT id, task, CASE WHEN task = 0 THEN 'RUNNING' ELSE 'PENDING' END
    FROM unnest($1::uuid[]) AS id, generate_series(0, ${TREE_TASKS - 1}) AS task`;

/** A run's results: the tasks done, the ones after them running, each request's count of done. */
const RESULTS = `
  WITH done AS (
    UPDATE bare_tree_tasks t SET status = CASE WHEN t.task = r.task THEN 'SUCCESS' ELSE 'RUNNING' END
      FROM unnest($1::uuid[], $2::int[]) AS r(id, task)
     WHERE t.request_id = r.id AND t.task IN (r.task, 2 * r.task + 1, 2 * r.task + 2))
  UPDATE bare_tree_requests q
     SET done = q.done + c.n,
         status = CASE WHEN q.done + c.n = ${TREE_TASKS} THEN 'FINISHED' ELSE q.status END
    FROM (SELECT id, count(*)::int AS n FROM unnest($1::uuid[]) AS id GROUP BY id) c
   WHERE q.id = c.id
  RETURNING q.id::text AS id, q.done`;

const UPSERT_USERS = (table: string) => `
  INSERT INTO ${table} (id, ip) SELECT * FROM unnest($1::text[], $2::text[])
  ON CONFLICT (id) DO UPDATE SET ip = EXCLUDED.ip`;

/** As long as the tree scenarios wait for a tree: a lost message fails the run, not hangs it. */
const TREE_TIMEOUT_MS = 30_000;

const json = (value: unknown) => JSON.stringify(value);

/** `waiting`, or a rejection once `TREE_TIMEOUT_MS` have passed without it. */
function within<T>(waiting: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: nothing in ${TREE_TIMEOUT_MS} ms`)),
      TREE_TIMEOUT_MS,
    );
  });
  return Promise.race([waiting, timeout]).finally(() => clearTimeout(timer));
}
const parsed = <T>(payload: EachBatchPayload): T[] =>
  payload.batch.messages.map((m) => JSON.parse(m.value?.toString() ?? 'null') as T);

/**
 * Baseline: what the bench's tree asks of the broker and PostgreSQL with nothing of ours around
 * it. One process does, with bare kafkajs and pg, the tree's 26 messages (a submit request and its
 * reply; per task a command, a result and a user event; the request's finished event; a status
 * request and its reply) and its essential rows: the request and its tasks, each task's result,
 * each user written by the task and by the read model, the notification. Each role consumes its
 * topic in its own group a fetched batch at a time and writes the batch in one statement, as the
 * services do; no HTTP, envelopes, validation, inbox or outbox. The tree scenarios' trees per
 * second are read against its own (docs/benchmarks.md).
 */
export async function startBareTree(brokers: string, databaseUrl: string) {
  const suffix = `${Date.now().toString(36)}${randomUUID().slice(0, 8)}`;
  const topicPrefix = `bench.bare-tree.${suffix}.`;
  const topic = (role: Role) => `${topicPrefix}${role}`;
  await createTopics(
    brokers,
    ROLES.map((role) => ({ name: topic(role), partitions: 3 })),
  );
  const pool = new Pool({ connectionString: databaseUrl, max: 8 });
  // pg-pool's end() resolves before its idle connections have closed: a DROP DATABASE ... FORCE
  // right after close() ends one from the server's side, and the pool would emit that as an
  // unhandled error. A query's own errors still reach its caller.
  pool.on('error', () => undefined);
  await pool.query(SCHEMA);
  const kafka = new Kafka({
    clientId: 'bench-bare-tree',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  const send = (messages: { role: Role; key: string; value: unknown }[]) =>
    messages.length === 0
      ? Promise.resolve()
      : producer.sendBatch({
          topicMessages: ROLES.flatMap((role) => {
            const of = messages.filter((m) => m.role === role);
            return of.length
              ? [
                  {
                    topic: topic(role),
                    messages: of.map((m) => ({ key: m.key, value: json(m.value) })),
                  },
                ]
              : [];
          }),
        });

  const replies = new Map<string, (status: string) => void>();
  const notified = new Map<string, () => void>();
  const consumers: Consumer[] = [];
  const consume = async (
    roles: Role[],
    handle: (role: Role, payload: EachBatchPayload) => Promise<void>,
  ) => {
    const consumer = kafka.consumer({
      groupId: `bench-bare-tree-${roles[0]}-${suffix}`,
      maxWaitTimeInMs: 100,
    });
    consumers.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: roles.map(topic), fromBeginning: true });
    const roleOf = new Map(roles.map((role) => [topic(role), role]));
    await consumer.run({
      autoCommitInterval: 5000, // offsets on an interval, as the services commit them
      partitionsConsumedConcurrently: 3,
      eachBatch: async (payload) => {
        await handle(roleOf.get(payload.batch.topic)!, payload);
      },
    });
  };

  // The orchestrator: submissions, status reads and task results.
  await consume(['requests', 'results'], async (role, payload) => {
    if (role === 'requests') {
      const requests = parsed<Request>(payload);
      const submitted = requests.filter((r) => r.kind === 'submit').map((r) => r.id);
      if (submitted.length) await pool.query(SUBMIT, [submitted]);
      const read = requests.filter((r) => r.kind === 'status').map((r) => r.id);
      const statuses = read.length
        ? await pool.query<{ id: string; status: string }>(
            'SELECT id::text, status FROM bare_tree_requests WHERE id = ANY($1::uuid[])',
            [read],
          )
        : { rows: [] };
      await send([
        ...submitted.flatMap((id) => [
          { role: 'replies' as const, key: id, value: { kind: 'submit', id, status: 'RUNNING' } },
          { role: 'commands' as const, key: id, value: { id, task: 0, user: `${id}-0` } },
        ]),
        ...statuses.rows.map((r) => ({
          role: 'replies' as const,
          key: r.id,
          value: { kind: 'status', id: r.id, status: r.status },
        })),
      ]);
      return;
    }
    const results = parsed<Command>(payload);
    const counts = await pool.query<{ id: string; done: number }>(RESULTS, [
      results.map((r) => r.id),
      results.map((r) => r.task),
    ]);
    await send([
      ...results.flatMap((r) =>
        tasksAfter(r.task).map((task) => ({
          role: 'commands' as const,
          key: r.id,
          value: { id: r.id, task, user: `${r.id}-${task}` },
        })),
      ),
      ...counts.rows
        .filter((c) => c.done === TREE_TASKS)
        .map((c) => ({ role: 'events' as const, key: c.id, value: { id: c.id } })),
    ]);
  });
  // The task runner: each command's user written, its result and the user's event sent.
  await consume(['commands'], async (_role, payload) => {
    const commands = parsed<Command>(payload);
    await pool.query(UPSERT_USERS('bare_tree_users'), [
      commands.map((c) => c.user),
      commands.map(() => '203.0.113.20'),
    ]);
    await send(
      commands.flatMap((c) => [
        { role: 'results' as const, key: c.id, value: c },
        { role: 'users' as const, key: c.user, value: { id: c.user, ip: '203.0.113.20' } },
      ]),
    );
  });
  // The read model of users.
  await consume(['users'], async (_role, payload) => {
    const users = parsed<{ id: string; ip: string }>(payload);
    await pool.query(UPSERT_USERS('bare_tree_user_view'), [
      users.map((u) => u.id),
      users.map((u) => u.ip),
    ]);
  });
  // The notifier, standing in for the partner's notification.
  await consume(['events'], async (_role, payload) => {
    const ids = parsed<{ id: string }>(payload).map((e) => e.id);
    await pool.query(
      `INSERT INTO bare_tree_notifications SELECT * FROM unnest($1::uuid[]) ON CONFLICT DO NOTHING`,
      [ids],
    );
    for (const id of ids) notified.get(id)?.();
  });
  // The gateway's replies.
  await consume(['replies'], async (_role, payload) => {
    for (const reply of parsed<{ kind: string; id: string; status: string }>(payload)) {
      replies.get(`${reply.kind}:${reply.id}`)?.(reply.status);
    }
  });

  const ask = async (kind: Request['kind'], id: string): Promise<string> => {
    const answered = new Promise<string>((resolve) => replies.set(`${kind}:${id}`, resolve));
    try {
      await send([{ role: 'requests', key: id, value: { kind, id } }]);
      return await within(answered, `bare tree ${id}, the ${kind} reply`);
    } finally {
      replies.delete(`${kind}:${id}`);
    }
  };

  return {
    /** What every topic of this baseline's starts with, one topic per role. */
    topicPrefix,
    /** One tree, as the notified scenario runs it: submit, wait for the notification, read once. */
    async tree(): Promise<void> {
      const id = randomUUID();
      const finished = new Promise<void>((resolve) => notified.set(id, resolve));
      try {
        await ask('submit', id);
        await within(finished, `bare tree ${id}, its notification`);
      } finally {
        notified.delete(id);
      }
      const status = await ask('status', id);
      if (status !== 'FINISHED')
        throw new Error(`bare tree ${id} read ${status} after its notification`);
    },
    /**
     * Plans for the tables' real size: the first runs planned on empty tables (a local server may
     * run without autovacuum, ADR 0065), so the warm-up is followed by an ANALYZE.
     */
    async analyze(): Promise<void> {
      await pool.query(
        'ANALYZE bare_tree_requests, bare_tree_tasks, bare_tree_users, bare_tree_user_view, bare_tree_notifications',
      );
    },
    /** Trees submitted so far, and those without all their tasks done, users kept and notification. */
    async audit(): Promise<{ trees: number; incomplete: number }> {
      const { rows } = await pool.query<{ trees: number; incomplete: number }>(
        `WITH viewed AS (SELECT left(id, 36)::uuid AS request_id, count(*) AS users
                           FROM bare_tree_user_view GROUP BY 1)
         SELECT count(*)::int AS trees,
                count(*) FILTER (WHERE r.done <> ${TREE_TASKS} OR n.request_id IS NULL
                                    OR coalesce(v.users, 0) <> ${TREE_TASKS})::int AS incomplete
           FROM bare_tree_requests r
           LEFT JOIN bare_tree_notifications n ON n.request_id = r.id
           LEFT JOIN viewed v ON v.request_id = r.id`,
      );
      return rows[0];
    },
    async close(): Promise<void> {
      await Promise.all(consumers.map((c) => c.disconnect()));
      await producer.disconnect();
      await pool.end();
    },
  };
}
