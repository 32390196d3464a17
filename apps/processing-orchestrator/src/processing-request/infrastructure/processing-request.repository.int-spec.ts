import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { DataSource } from 'typeorm';
import { KeyRing } from '@opp/crypto';
import { asUnitOfWork } from '@opp/persistence';
import {
  freshSqlLog,
  genericPlan,
  headOf,
  holdTransactionOpen,
  lockWaitersReach,
  MigratedTestDatabase,
  StatementLog,
  statementLogger,
  suitePrefixes,
  transactionsIn,
} from '@opp/testing';
import { migrations } from '../../database/database-options';
import { ProcessingRequest } from '../domain/processing-request';
import { parseProcessingRequest } from '../domain/processing-request-parser';
import { buildTasks } from '../domain/task-tree-builder';
import { ProcessingRequestRepository, SAVE_CHANGES } from './processing-request.repository';

const SUITE = 'processing request repository';
const { dbPrefix } = suitePrefixes(SUITE);
const database = `${dbPrefix}requests`;
const ring = new KeyRing(`k1:${Buffer.alloc(32, 7).toString('base64')}`);

/** A root user.resolve with two children on success; the root is RUNNING once accepted. */
function newRequest(): ProcessingRequest {
  const resolve = (id: string, success: unknown[] = []) => ({
    type: 'user.resolve',
    payload: { identifier: id, ip: '203.0.113.20' },
    ...(success.length ? { success } : {}),
  });
  const parsed = parseProcessingRequest({
    header: { request: { id: randomUUID(), date: new Date().toISOString() } },
    payload: { partner: { identifier: 'p' }, tasks: [resolve('a', [resolve('b'), resolve('c')])] },
  });
  const now = new Date();
  return ProcessingRequest.accept(
    {
      globalId: randomUUID(),
      partnerIdentifier: 'p',
      projectId: 1,
      sandbox: true,
      request: {},
      sync: false,
      waitingTime: parsed.header.waitingTime,
      targets: [],
      userIp: null,
    },
    buildTasks(parsed.roots, randomUUID, now),
    now,
  ).request;
}

/** A partner's request id, new each time, and a body fingerprint (ADR 0017). */
const newClaim = () => ({ requestId: randomUUID(), bodyFingerprint: 'f'.repeat(64) });

const byPath = (request: ProcessingRequest) =>
  Object.fromEntries(request.tasks.map((t) => [t.path, t]));

/** The root first, then its two children. */
const treeOf = (request: ProcessingRequest) => {
  const root = request.tasks.find((t) => t.parentId === null)!;
  return [root, ...request.tasks.filter((t) => t.parentId === root.id)];
};

/** The statuses of the tree's tasks as stored: the root first, then its two children. */
const storedStatuses = async (store: ProcessingRequestRepository, request: ProcessingRequest) => {
  const stored = await store.read(request.snapshot.globalId);
  return treeOf(request).map((task) => stored?.tasks.find((t) => t.id === task.id)?.status);
};

describe('ProcessingRequestRepository against PostgreSQL', () => {
  let db: MigratedTestDatabase;
  let dataSource: DataSource;
  let store: ProcessingRequestRepository;

  /** The task rows stored for the request's GlobalId. */
  const tasksOf = (request: ProcessingRequest): Promise<unknown[]> =>
    dataSource.query(`SELECT id FROM processing_tasks WHERE global_id = $1`, [
      request.snapshot.globalId,
    ]);

  const logFile = freshSqlLog(SUITE);
  const log = new StatementLog(logFile);

  /** The heads of the statements each transaction `work` ran sent, START to COMMIT. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[][]> {
    const mark = fs.statSync(logFile).size;
    await work();
    return transactionsIn(log.since(mark)).map((t) => t.map(headOf));
  }

  beforeAll(async () => {
    db = await MigratedTestDatabase.create(database, migrations, {
      logger: statementLogger(logFile),
    });
    dataSource = db.dataSource;
    store = new ProcessingRequestRepository(dataSource, ring);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('gives back what it stored, and a status read without the payloads', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    const found = await dataSource.transaction((tx) =>
      store.find(asUnitOfWork(tx), request.snapshot.globalId),
    );
    expect(found?.snapshot).toEqual(request.snapshot);
    expect(byPath(found!)).toEqual(byPath(request));
    const read = await store.read(request.snapshot.globalId);
    expect(read?.snapshot).toEqual(request.snapshot);
    expect(byPath(read!)).toEqual(
      Object.fromEntries(request.tasks.map((t) => [t.path, { ...t, payload: null }])),
    );
  });

  it('stores the request id a request claims with it; a second claim stores nothing', async () => {
    const claim = newClaim();
    const first = newRequest();
    await expect(
      dataSource.transaction((tx) => store.add(asUnitOfWork(tx), first, claim)),
    ).resolves.toBe(true);
    const stored: unknown[] = await dataSource.query(
      `SELECT global_id, request_id, body_fingerprint FROM processing_requests
        WHERE partner_identifier = 'p' AND request_id = $1`,
      [claim.requestId],
    );
    expect(stored).toEqual([
      {
        global_id: first.snapshot.globalId,
        request_id: claim.requestId,
        body_fingerprint: claim.bodyFingerprint,
      },
    ]);
    const second = newRequest();
    await expect(
      dataSource.transaction((tx) => store.add(asUnitOfWork(tx), second, claim)),
    ).resolves.toBe(false);
    expect(await store.read(second.snapshot.globalId)).toBeNull();
    expect(await tasksOf(second)).toEqual([]);
  });

  it('stores a GlobalId once: a redelivery stores nothing and leaves the first as it is', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    await expect(
      dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim())),
    ).resolves.toBe(false);
    expect(await tasksOf(request)).toHaveLength(request.tasks.length);
  });

  /**
   * ADR 0059: the unique index is the only guard of a partner's request id. A second claim waits
   * for the transaction storing the first, then stores nothing if it committed and its own request
   * if it rolled back.
   */
  it.each([
    ['commits', true, false],
    ['rolls back', false, true],
  ])(
    'makes a claim wait for another transaction storing the same request id, which %s',
    async (_, commits, secondStored) => {
      const claim = newClaim();
      const first = newRequest();
      const second = newRequest();
      const holder = await holdTransactionOpen(
        dataSource,
        (tx) => store.add(asUnitOfWork(tx), first, claim),
        { rollBack: !commits },
      );
      expect(holder.result).toBe(true);
      const waiter = dataSource.transaction((tx) => store.add(asUnitOfWork(tx), second, claim));
      await lockWaitersReach(
        (sql, params) => dataSource.query(sql, params),
        database,
        1,
        'the second claim waiting for the first',
      );
      holder.release();
      await holder.ended;
      await expect(waiter).resolves.toBe(secondStored);
      const owners: { global_id: string }[] = await dataSource.query(
        `SELECT global_id FROM processing_requests WHERE request_id = $1`,
        [claim.requestId],
      );
      expect(owners).toEqual([{ global_id: (secondStored ? second : first).snapshot.globalId }]);
      expect(await tasksOf(second)).toHaveLength(secondStored ? second.tasks.length : 0);
    },
  );

  it('saves a transition: the changed tasks and the status, in one statement', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    const root = request.tasks.find((t) => t.parentId === null)!;
    for (const task of request.tasks.filter((t) => t.parentId !== null)) {
      await dataSource.transaction(async (tx) => {
        const locked = await store.lock(asUnitOfWork(tx), request.snapshot.globalId);
        if (locked!.tasks.find((t) => t.id === root.id)!.status === 'RUNNING') {
          locked!.applyResult({ taskId: root.id, outcome: 'SUCCESS', data: { id: 1 } }, new Date());
        }
        locked!.applyResult({ taskId: task.id, outcome: 'SUCCESS' }, new Date());
        await store.save(asUnitOfWork(tx), locked!);
      });
    }
    const saved = await store.read(request.snapshot.globalId);
    expect(saved?.snapshot.status).toBe('FINISHED');
    expect(saved?.tasks.map((t) => t.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(saved?.tasks.find((t) => t.id === root.id)?.data).toEqual({ id: 1 });
  });

  it('loads a request it waited to lock as the lock holder left it', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    const root = request.tasks.find((t) => t.parentId === null)!;
    // The holder has saved and keeps the lock; the waiter's lock blocks until the holder commits.
    const holder = await holdTransactionOpen(dataSource, async (tx) => {
      const locked = await store.lock(asUnitOfWork(tx), request.snapshot.globalId);
      locked!.applyResult({ taskId: root.id, outcome: 'SUCCESS' }, new Date());
      await store.save(asUnitOfWork(tx), locked!);
    });
    const mark = fs.statSync(logFile).size;
    const waiter = dataSource.transaction((tx) =>
      store.lock(asUnitOfWork(tx), request.snapshot.globalId),
    );
    await lockWaitersReach(
      (sql, params) => dataSource.query(sql, params),
      database,
      1,
      'the second lock waiting for the first',
    );
    holder.release();
    await holder.ended;
    const seen = await waiter;
    expect(seen?.tasks.find((t) => t.id === root.id)?.status).toBe('SUCCESS');
    expect(seen?.tasks.filter((t) => t.status === 'RUNNING')).toHaveLength(2);
    // The lock's own read predates the wait: the row version it locked is newer than the one its
    // snapshot saw, so it loaded again under the lock (ADR 0065).
    const waiterStatements = transactionsIn(log.since(mark)).map((t) => t.map(headOf));
    expect(waiterStatements).toContainEqual([
      'START TRANSACTION',
      'SELECT global_id, partner_identifier,',
      'SELECT global_id, partner_identifier,',
      'COMMIT',
    ]);
  });

  it('loads a request it locked without waiting in the one statement that locked it', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    const root = request.tasks.find((t) => t.parentId === null)!;
    await dataSource.transaction(async (tx) => {
      const locked = await store.lock(asUnitOfWork(tx), request.snapshot.globalId);
      locked!.applyResult({ taskId: root.id, outcome: 'SUCCESS' }, new Date());
      await store.save(asUnitOfWork(tx), locked!);
    });
    // The save above wrote a new row version, committed before this statement's snapshot.
    const statements = await statementsOf(() =>
      dataSource.transaction(async (tx) => {
        const seen = await store.lock(asUnitOfWork(tx), request.snapshot.globalId);
        expect(seen?.tasks.find((t) => t.id === root.id)?.status).toBe('SUCCESS');
      }),
    );
    expect(statements).toEqual([
      ['START TRANSACTION', 'SELECT global_id, partner_identifier,', 'COMMIT'],
    ]);
  });

  it('locks and loads a request once per transaction, and writes what it saved at the commit', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    const globalId = request.snapshot.globalId;
    const [root, ...children] = treeOf(request);
    const statements = await statementsOf(() =>
      dataSource.transaction(async (tx) => {
        const work = asUnitOfWork(tx);
        const first = await store.lock(work, globalId);
        first!.applyResult({ taskId: root.id, outcome: 'SUCCESS', data: { id: 1 } }, new Date());
        await store.save(work, first!);
        for (const child of children) {
          const again = await store.lock(work, globalId);
          expect(again).toBe(first); // the same aggregate, with the changes made to it
          again!.applyResult({ taskId: child.id, outcome: 'SUCCESS' }, new Date());
          await store.save(work, again!);
        }
        expect(await store.find(work, globalId)).toBe(first);
      }),
    );
    expect(statements).toEqual([
      [
        'START TRANSACTION',
        'SELECT global_id, partner_identifier,',
        'WITH saved_tasks AS',
        'COMMIT',
      ],
    ]);
    const saved = await store.read(globalId);
    expect(saved?.snapshot.status).toBe('FINISHED');
    expect(await storedStatuses(store, request)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(saved?.tasks.find((t) => t.id === root.id)?.data).toEqual({ id: 1 });
  });

  it('writes the changes of several requests of a transaction in one statement', async () => {
    const requests = [newRequest(), newRequest()];
    for (const request of requests) {
      await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    }
    const statements = await statementsOf(() =>
      dataSource.transaction(async (tx) => {
        const work = asUnitOfWork(tx);
        for (const request of requests) {
          const locked = await store.lock(work, request.snapshot.globalId);
          locked!.applyResult({ taskId: treeOf(request)[0].id, outcome: 'FAIL' }, new Date());
          await store.save(work, locked!);
        }
      }),
    );
    expect(statements).toEqual([
      [
        'START TRANSACTION',
        'SELECT global_id, partner_identifier,',
        'SELECT global_id, partner_identifier,',
        'WITH saved_tasks AS',
        'COMMIT',
      ],
    ]);
    for (const request of requests) {
      const saved = await store.read(request.snapshot.globalId);
      expect(saved?.snapshot.status).toBe('FINISHED');
      expect(await storedStatuses(store, request)).toEqual(['FAIL', 'SKIPPED', 'SKIPPED']);
    }
  });

  it('forgets at a rollback what the transaction locked and changed', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    const globalId = request.snapshot.globalId;
    const [root] = treeOf(request);
    await expect(
      dataSource.transaction(async (tx) => {
        const locked = await store.lock(asUnitOfWork(tx), globalId);
        locked!.applyResult({ taskId: root.id, outcome: 'SUCCESS' }, new Date());
        await store.save(asUnitOfWork(tx), locked!);
        throw new Error('a handler failed');
      }),
    ).rejects.toThrow('a handler failed');
    const statements = await statementsOf(() =>
      dataSource.transaction(async (tx) => {
        const locked = await store.lock(asUnitOfWork(tx), globalId);
        // Loaded again, as stored.
        expect(locked!.tasks.find((t) => t.id === root.id)?.status).toBe('RUNNING');
      }),
    );
    expect(statements).toEqual([
      ['START TRANSACTION', 'SELECT global_id, partner_identifier,', 'COMMIT'],
    ]);
    expect(await storedStatuses(store, request)).toEqual(['RUNNING', 'PENDING', 'PENDING']);
  });

  it('writes before a savepoint what was saved, so rolling back to it loses only what came after', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request, newClaim()));
    const globalId = request.snapshot.globalId;
    const [root, child] = treeOf(request);
    await dataSource.transaction(async (tx) => {
      const locked = await store.lock(asUnitOfWork(tx), globalId);
      locked!.applyResult({ taskId: root.id, outcome: 'SUCCESS' }, new Date());
      await store.save(asUnitOfWork(tx), locked!);
      await expect(
        tx.transaction(async (inner) => {
          const again = await store.lock(asUnitOfWork(inner), globalId);
          expect(again).not.toBe(locked); // loaded again, with the root's success written
          expect(again!.tasks.find((t) => t.id === root.id)?.status).toBe('SUCCESS');
          again!.applyResult({ taskId: child.id, outcome: 'SUCCESS' }, new Date());
          await store.save(asUnitOfWork(inner), again!);
          throw new Error('rolled back to the savepoint');
        }),
      ).rejects.toThrow('rolled back to the savepoint');
    });
    expect(await storedStatuses(store, request)).toEqual(['SUCCESS', 'RUNNING', 'RUNNING']);
  });

  it('saves through the indexes, with no scan of either table, in its generic plan (ADR 0065)', async () => {
    // Tables of a size where a hundred estimated rows made the planner scan them: 10,000 each.
    await dataSource.query(
      `INSERT INTO processing_requests (global_id, partner_identifier, project_id, sandbox, request,
         sync, waiting_time, targets, status, created_at)
       SELECT gen_random_uuid(), 'bulk', 1, true, '{}', false, 'PT10S', '[]', 'FINISHED', now()
         FROM generate_series(1, 10000)`,
    );
    await dataSource.query(
      `INSERT INTO processing_tasks (id, global_id, branch, path, position, depth, type,
         public_payload, status, created_at)
       SELECT gen_random_uuid(), global_id, 'root', '0', 0, 0, 'user.resolve', '{}', 'SUCCESS', now()
         FROM processing_requests WHERE partner_identifier = 'bulk'`,
    );
    await dataSource.query('ANALYZE processing_requests, processing_tasks');
    const empty = Array.from({ length: 16 }, () => `'{}'`);
    const plan = await genericPlan(dataSource, SAVE_CHANGES, empty);
    expect(plan).toMatch(/Index Scan using processing_tasks_\w+ on processing_tasks t/);
    expect(plan).toMatch(/Index Scan using processing_requests_pkey on processing_requests r/);
    expect(plan).not.toContain('Seq Scan');
  });
});
