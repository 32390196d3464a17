import { randomUUID } from 'node:crypto';
import {
  ProjectSnapshotV1Message,
  SubmitProcessingV2Request,
  TaskResultV1Message,
  Topics,
  type TaskResultV1,
} from '@opp/contracts';
import { newEnvelope, RequestClient } from '@opp/messaging';
import {
  eventually,
  headOf,
  queryStackDb,
  SANDBOX_PROJECT_SETTINGS,
  statementSuite,
  transactionAround,
  transactionsIn,
  type LoggedStatement,
} from '@opp/testing';

const SUITE = 'processing result statements';
const PARTNER = 'statements-partner';
const PROJECT = 1;

const LOAD = 'SELECT global_id, partner_identifier,'; // the request with its tasks (ADR 0065)
const LOCK_AND_LOAD = LOAD; // the same, FOR UPDATE: one statement (ADR 0065)
// The changed tasks and the requests' rows, at the commit (ADR 0065).
const SAVE = 'WITH saved_tasks AS';
// The run's outbox rows, with its results when it has any (ADR 0065).
const OUTBOX = /^(INSERT INTO outbox_messages|WITH results AS)$/;

/** The statements a run makes at its commit, in either order: the save and the outbox's. */
const atCommit = (heads: string[]) => [...heads].sort((a) => (a === SAVE ? -1 : 1));

/**
 * ADR 0065: a run of task results applies in statements that do not grow with its results. Each
 * run is made by stopping the orchestrator, publishing the results together on one partition and
 * starting it again: its first fetch brings them all, one batch applied as one run (ADR 0065).
 * Counted on the client side, from the statements the service logs at debug level.
 */
describe('processing-orchestrator: the statements of a run of task results', () => {
  const statements = statementSuite(SUITE, 'processing-orchestrator');
  let client: RequestClient;

  const orchestrator = () => statements.stack.services['processing-orchestrator']!;
  const sql = <T>(query: string, params: unknown[] = []) =>
    queryStackDb<T>(statements.stack, 'processing-orchestrator', query, params);

  beforeAll(async () => {
    client = new RequestClient(statements.connection, statements.producer, Topics.gatewayReplies);
    await client.start();
    await eventually(() => client.ready, 'the reply consumer');
    await publishProject(true, 1);
  });

  afterAll(async () => {
    await client?.stop();
  });

  /** The project's snapshot with its sandbox flag, as the gateway publishes it, once applied. */
  async function publishProject(sandbox: boolean, version: number): Promise<void> {
    const snapshot = newEnvelope(ProjectSnapshotV1Message, String(PROJECT), {
      id: PROJECT,
      name: 'statements project',
      publicKey: 'pk-1',
      signingKeyEncrypted: 'unused',
      callbackUrl: null,
      baseCurrency: 'EUR',
      settings: { ...SANDBOX_PROJECT_SETTINGS, sandbox },
      version,
      updatedAt: new Date().toISOString(),
    });
    await statements.producer.publish([{ topic: Topics.projectSnapshots, envelope: snapshot }]);
    await eventually(
      async () =>
        (
          await sql('SELECT 1 FROM project_snapshots WHERE id = $1 AND version = $2', [
            PROJECT,
            version,
          ])
        ).length === 1,
      `the project snapshot ${version} in the orchestrator`,
    );
  }

  /** Submits a tree of these root tasks; answers its GlobalId once it is stored. */
  async function submitTree(tasks: unknown[]): Promise<string> {
    const globalId = randomUUID();
    const reply = await client.request(
      SubmitProcessingV2Request,
      {
        globalId,
        partnerIdentifier: PARTNER,
        projectId: PROJECT,
        request: {
          header: { request: { id: randomUUID(), date: new Date().toISOString() } },
          payload: {
            partner: { identifier: PARTNER },
            settings: { userIp: '203.0.113.9' },
            tasks,
          },
        },
      },
      { key: globalId, timeoutMs: 60_000 },
    );
    expect(reply.ok).toBe(true);
    return globalId;
  }

  /** Submits a tree of `roots` user.resolve tasks; answers its GlobalId and its running tasks. */
  async function submit(roots: number): Promise<{ globalId: string; tasks: string[] }> {
    const globalId = await submitTree(
      Array.from({ length: roots }, (_, i) => ({
        type: 'user.resolve',
        payload: { identifier: `user-${i}` },
      })),
    );
    const rows = await sql<{ id: string }>(
      `SELECT id FROM processing_tasks WHERE global_id = $1 AND status = 'RUNNING' ORDER BY path`,
      [globalId],
    );
    expect(rows).toHaveLength(roots);
    return { globalId, tasks: rows.map((r) => r.id) };
  }

  const success = (globalId: string, taskId: string): TaskResultV1 => ({
    taskId,
    globalId,
    outcome: 'SUCCESS',
    data: { id: '1' },
    completedAt: new Date().toISOString(),
  });

  /**
   * Publishes the results while the orchestrator is stopped, on one partition, then starts it
   * again; answers the transactions that applied them, once every request named is FINISHED.
   */
  async function applyAsOneRun(results: TaskResultV1[]): Promise<LoggedStatement[][]> {
    await orchestrator().stop();
    const key = randomUUID();
    await statements.producer.publish(
      results.map((result) => ({
        topic: TaskResultV1Message.topic,
        envelope: newEnvelope(TaskResultV1Message, key, result),
      })),
    );
    const mark = statements.log.mark();
    await orchestrator().restart();
    const requests = [...new Set(results.map((r) => r.globalId))];
    await eventually(
      async () =>
        (
          await sql(
            `SELECT 1 FROM processing_requests WHERE global_id = ANY($1::uuid[])
              AND status = 'FINISHED'`,
            [requests],
          )
        ).length === requests.length,
      'the requests FINISHED',
    );
    await statements.log.quietMark(); // the service's log lines of the run written out
    return transactionsIn(statements.log.since(mark)).filter((t) =>
      t.some((s) => /FROM processing_requests r WHERE global_id = \$1 FOR UPDATE$/.test(s.query)),
    );
  }

  /** The heads of the statements of the transaction that stored the request `submitting` sends. */
  async function submissionStatements(submitting: () => Promise<unknown>): Promise<string[]> {
    const mark = await statements.log.quietMark();
    await submitting();
    await statements.log.quietMark();
    return transactionAround(statements.log.since(mark), (s) =>
      /WITH request AS/.test(s.query),
    ).map(headOf);
  }

  const SANDBOX_READ = "SELECT (settings->>'sandbox')::boolean AS"; // the project's sandbox flag

  it('stores a submission in 5 statements, START and COMMIT included', async () => {
    await submit(1); // the project's sandbox flag read once, then kept (ADR 0065)
    expect(await submissionStatements(() => submit(2))).toEqual([
      'START TRANSACTION',
      'INSERT INTO inbox_messages', // the run's inbox claim (ADR 0065)
      'WITH request AS', // the request, claiming its GlobalId and request id, and its tasks (ADR 0059)
      'WITH results AS', // the run's replies stored, with the root tasks' commands (ADR 0065)
      'COMMIT',
    ]);
  });

  it.each([1, 4])(
    'applies a run of %i result(s) of one request in the same 6 statements',
    async (n) => {
      const { globalId, tasks } = await submit(n);
      const runs = await applyAsOneRun(tasks.map((taskId) => success(globalId, taskId)));
      expect(runs).toHaveLength(1);
      const heads = runs[0].map(headOf);
      expect(heads.slice(0, 3)).toEqual([
        'START TRANSACTION',
        'INSERT INTO inbox_messages', // the run's inbox claim (ADR 0065)
        LOCK_AND_LOAD, // the request locked and loaded once for the run
      ]);
      // At the commit: every change of the run in one statement, and the request-finished event.
      expect(atCommit(heads.slice(3, -1))).toEqual([SAVE, expect.stringMatching(OUTBOX)]);
      expect(heads.at(-1)).toBe('COMMIT');
    },
  );

  it('locks and loads each request of a run once, and saves them all in one statement', async () => {
    const a = await submit(2);
    const b = await submit(2);
    const runs = await applyAsOneRun([
      success(a.globalId, a.tasks[0]),
      success(b.globalId, b.tasks[0]),
      success(a.globalId, a.tasks[1]),
      success(b.globalId, b.tasks[1]),
    ]);
    expect(runs).toHaveLength(1);
    const heads = runs[0].map(headOf);
    expect(heads.slice(0, 4)).toEqual([
      'START TRANSACTION',
      'INSERT INTO inbox_messages',
      LOCK_AND_LOAD,
      LOCK_AND_LOAD,
    ]);
    expect(atCommit(heads.slice(4, -1))).toEqual([SAVE, expect.stringMatching(OUTBOX)]);
    expect(heads.at(-1)).toBe('COMMIT');
    const statuses = await sql<{ status: string }>(
      `SELECT status FROM processing_tasks WHERE global_id = ANY($1::uuid[])`,
      [[a.globalId, b.globalId]],
    );
    expect(statuses.map((s) => s.status)).toEqual(Array(4).fill('SUCCESS'));
  });

  it("reads the sandbox flag again once the project's snapshot changed (ADR 0065)", async () => {
    const waitTask = async () => {
      const globalId = await submitTree([{ type: 'wait', payload: { seconds: 0 } }]);
      const [task] = await sql<{ status: string; reason: string | null }>(
        `SELECT status, reason FROM processing_tasks WHERE global_id = $1`,
        [globalId],
      );
      return task;
    };
    await waitTask(); // the flag kept, if it was not yet
    await publishProject(false, 2);
    let task: { status: string; reason: string | null } | undefined;
    expect(await submissionStatements(async () => (task = await waitTask()))).toContain(
      SANDBOX_READ,
    );
    expect(task).toEqual({ status: 'FAIL', reason: 'wait is available in sandbox projects only' });
    await publishProject(true, 3);
    expect(await waitTask()).toEqual({ status: 'SUCCESS', reason: null });
  });
});
