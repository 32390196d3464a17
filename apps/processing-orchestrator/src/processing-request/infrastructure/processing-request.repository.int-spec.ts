import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { KeyRing } from '@opp/crypto';
import { databaseUrl, dropDatabases, ensureDatabases } from '@opp/local-stack';
import { asUnitOfWork } from '@opp/persistence';
import { eventually, suitePrefixes, testDatabaseAdminUrl } from '@opp/testing';
import { migrations } from '../../database/database-options';
import { ProcessingRequest } from '../domain/processing-request';
import { parseProcessingRequest } from '../domain/processing-request-parser';
import { buildTasks } from '../domain/task-tree-builder';
import { ProcessingRequestRepository } from './processing-request.repository';

const { dbPrefix } = suitePrefixes('processing request repository');
const database = `${dbPrefix}requests`;
const adminUrl = testDatabaseAdminUrl();
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

const byPath = (request: ProcessingRequest) =>
  Object.fromEntries(request.tasks.map((t) => [t.path, t]));

describe('ProcessingRequestRepository against PostgreSQL', () => {
  let dataSource: DataSource;
  let store: ProcessingRequestRepository;

  beforeAll(async () => {
    await dropDatabases(adminUrl, [database]);
    await ensureDatabases(adminUrl, [database]);
    dataSource = new DataSource({
      type: 'postgres',
      url: databaseUrl(adminUrl, database),
      migrations,
      extra: { max: 4 },
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    store = new ProcessingRequestRepository(dataSource, ring);
  });

  afterAll(async () => {
    await dataSource.destroy();
    await dropDatabases(adminUrl, [database]);
  });

  it('gives back what it stored, and a status read without the payloads', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request));
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

  it('saves a transition: the changed tasks and the status, in one statement', async () => {
    const request = newRequest();
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request));
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
    await dataSource.transaction((tx) => store.add(asUnitOfWork(tx), request));
    const root = request.tasks.find((t) => t.parentId === null)!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saved!: () => void;
    const savedYet = new Promise<void>((resolve) => (saved = resolve));
    const holder = dataSource.transaction(async (tx) => {
      const locked = await store.lock(asUnitOfWork(tx), request.snapshot.globalId);
      locked!.applyResult({ taskId: root.id, outcome: 'SUCCESS' }, new Date());
      await store.save(asUnitOfWork(tx), locked!);
      saved();
      await held;
    });
    // The holder has saved and keeps the lock; the waiter's lock blocks until the holder commits.
    await savedYet;
    const waiter = dataSource.transaction((tx) =>
      store.lock(asUnitOfWork(tx), request.snapshot.globalId),
    );
    await eventually(async () => {
      const waiting: unknown[] = await dataSource.query(
        `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = $1`,
        [database],
      );
      return waiting.length === 1;
    }, 'the second lock waiting for the first');
    release();
    await holder;
    const seen = await waiter;
    expect(seen?.tasks.find((t) => t.id === root.id)?.status).toBe('SUCCESS');
    expect(seen?.tasks.filter((t) => t.status === 'RUNNING')).toHaveLength(2);
  });
});
