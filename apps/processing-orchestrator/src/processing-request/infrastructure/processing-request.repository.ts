import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { KeyRing } from '@opp/crypto';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { ProcessingRequestStore } from '../application/processing-request.store';
import type { ProcessingRequest } from '../domain/processing-request';
import type { RequestIdClaim } from '../domain/request-id-reuse';
import {
  ProcessingRequestMapper,
  REQUEST_COLUMNS,
  TASK_COLUMNS,
  TASK_COLUMNS_WITHOUT_PAYLOAD,
  type ProcessingRequestRow,
  type ProcessingTaskRow,
} from './processing-request.mapper';
import { LockedRequests } from './locked-requests';

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** The types of a task row's values: VALUES in FROM does not take them from the target columns. */
const TASK_TYPES =
  `uuid uuid text text int int text text text jsonb timestamptz text jsonb jsonb jsonb
  text timestamptz uuid text timestamptz timestamptz timestamptz timestamptz`.split(/\s+/);

type LoadedRow = ProcessingRequestRow & { tasks: ProcessingTaskRow[] };

/** The request's tasks as one json array, read in the statement's snapshot. */
const tasksOf = (taskColumns: string) =>
  `(SELECT coalesce(json_agg(t), '[]'::json)
      FROM (SELECT ${taskColumns} FROM processing_tasks WHERE global_id = r.global_id) t) AS tasks`;

/** The request's row with its tasks: a load is one statement (ADR 0065). */
const loadStatement = (taskColumns: string) =>
  `SELECT ${REQUEST_COLUMNS}, ${tasksOf(taskColumns)}
   FROM processing_requests r WHERE global_id = $1`;

type LockedRow = LoadedRow & { locked_version: string; seen_version: string | null };

/**
 * Locks and loads in one statement (ADR 0065). A lock that waited for another transaction hands
 * back the row as that one committed it, while the tasks are read in the statement's snapshot,
 * taken before the wait. Every save writes its request's row (SAVE_CHANGES), so the row version
 * locked (`xmin`) differs from the one the snapshot sees exactly when the tasks may be older than
 * the lock: the caller then loads again, under the lock it now holds.
 */
const lockStatement = (lock: string) =>
  `SELECT ${REQUEST_COLUMNS}, r.xmin::text AS locked_version,
     (SELECT seen.xmin::text FROM processing_requests seen
       WHERE seen.global_id = r.global_id) AS seen_version,
     ${tasksOf(TASK_COLUMNS)}
   FROM processing_requests r WHERE global_id = $1 ${lock}`;

/**
 * The changed tasks of one or more requests and their rows, in one statement: a transaction's at
 * its commit (ADR 0065), a save outside one at once. Each saved request's row is written, its
 * status changed or not: a new row version is what tells a lock that waited to load again
 * (ADR 0065). The rows come as typed arrays, not as a json document: the planner takes an array
 * parameter for about ten rows and probes the primary keys, where it took a json record set for a
 * hundred and scanned both tables (ADR 0065).
 */
const savedChanges = (first: number) => {
  const $ = (n: number) => `$${first + n - 1}`;
  return `saved_tasks AS (
    UPDATE processing_tasks t
       SET status = c.status, data = c.data, interactive = c.interactive, reason = c.reason,
           due_at = c.due_at, auth_task_id = c.auth_task_id,
           partner_return_url = c.partner_return_url, started_at = c.started_at,
           finished_at = c.finished_at, updated_at = now(),
           payload_encrypted = CASE WHEN c.payload_over THEN NULL ELSE t.payload_encrypted END,
           transactions = c.transactions
      FROM unnest(${$(1)}::uuid[], ${$(2)}::uuid[], ${$(3)}::text[], ${$(4)}::jsonb[],
             ${$(5)}::jsonb[], ${$(6)}::jsonb[], ${$(7)}::text[], ${$(8)}::timestamptz[],
             ${$(9)}::uuid[], ${$(10)}::text[], ${$(11)}::timestamptz[], ${$(12)}::timestamptz[],
             ${$(13)}::boolean[])
        AS c(global_id, id, status, data, transactions, interactive, reason, due_at, auth_task_id,
             partner_return_url, started_at, finished_at, payload_over)
     WHERE t.id = c.id AND t.global_id = c.global_id
  ),
  saved_requests AS (
    UPDATE processing_requests r
       SET status = s.status, finished_at = s.finished_at, updated_at = now()
      FROM unnest(${$(14)}::uuid[], ${$(15)}::text[], ${$(16)}::timestamptz[])
        AS s(global_id, status, finished_at)
     WHERE r.global_id = s.global_id
  )`;
};

export const SAVE_CHANGES = `WITH ${savedChanges(1)} SELECT 1`;

/**
 * Requests and their tasks in typed SQL (ADR 0031); task payloads are stored encrypted. A request
 * is locked and loaded once per transaction and its changes written once, at the commit, in the
 * statement of the transaction's outbox rows (ADR 0065).
 */
@Injectable()
export class ProcessingRequestRepository extends ProcessingRequestStore {
  private readonly locked = new LockedRequests((db, requests) => this.writeChanges(db, requests));

  constructor(
    private readonly dataSource: DataSource,
    @Inject(KeyRing) private readonly ring: KeyRing,
  ) {
    super();
  }

  async add(work: UnitOfWork, request: ProcessingRequest, claim: RequestIdClaim): Promise<boolean> {
    const r = request.snapshot;
    const values: unknown[] = [
      r.globalId,
      r.partnerIdentifier,
      r.projectId,
      r.sandbox,
      JSON.stringify(r.request),
      r.sync,
      r.waitingTime,
      JSON.stringify(r.targets),
      r.userIp,
      r.status,
      r.createdAt,
      r.finishedAt,
      claim.requestId,
      claim.bodyFingerprint,
    ];
    const columns = TASK_TYPES.length;
    const rows = request.tasks.map((task, i) => {
      values.push(
        task.id,
        task.parentId,
        task.branch,
        task.path,
        task.position,
        task.depth,
        task.type,
        task.template,
        this.encrypt(task.payload),
        JSON.stringify(task.publicPayload),
        task.expiresAt,
        task.status,
        json(task.data),
        JSON.stringify(task.transactions),
        json(task.interactive),
        task.reason,
        task.dueAt,
        task.authTaskId,
        task.partnerReturnUrl,
        task.createdAt,
        task.startedAt,
        task.finishedAt,
        task.createdAt,
      );
      const p = TASK_TYPES.map((type, k) => `$${14 + i * columns + k + 1}::${type}`);
      return `(${p.join(', ')})`;
    });
    // One statement: the tasks are inserted only with a new request row; their foreign keys are
    // checked at the end of the statement, after the CTEs. The request id is in the row from the
    // start (ADR 0065). A request whose GlobalId (a redelivery) or partner's request id (ADR 0017)
    // is taken stores nothing; a key that another transaction has inserted and not yet committed
    // makes this statement wait for that transaction's end (ADR 0059).
    const stored: { stored: number }[] = await entityManagerOf(work).query(
      `WITH request AS (
         INSERT INTO processing_requests (global_id, partner_identifier, project_id, sandbox,
           request, sync, waiting_time, targets, user_ip, status, created_at, finished_at,
           request_id, body_fingerprint)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14)
         ON CONFLICT DO NOTHING RETURNING global_id
       ), tasks AS (
       INSERT INTO processing_tasks (id, global_id, parent_id, branch, path, position, depth, type,
         template, payload_encrypted, public_payload, expires_at, status, data, transactions,
         interactive, reason, due_at, auth_task_id, partner_return_url, created_at, started_at,
         finished_at, updated_at)
       SELECT v.id, request.global_id, v.parent_id, v.branch, v.path, v.position, v.depth, v.type,
         v.template, v.payload_encrypted, v.public_payload, v.expires_at, v.status, v.data,
         v.transactions, v.interactive, v.reason, v.due_at, v.auth_task_id, v.partner_return_url,
         v.created_at, v.started_at, v.finished_at, v.updated_at
       FROM request, (VALUES ${rows.join(', ')}) AS v (id, parent_id, branch, path, position,
         depth, type, template, payload_encrypted, public_payload, expires_at, status, data,
         transactions, interactive, reason, due_at, auth_task_id, partner_return_url, created_at,
         started_at, finished_at, updated_at)
       )
       SELECT count(*)::int AS stored FROM request`,
      values,
    );
    return stored[0]?.stored === 1;
  }

  async find(work: UnitOfWork, globalId: string): Promise<ProcessingRequest | null> {
    const db = entityManagerOf(work);
    return this.locked.get(db, globalId) ?? this.load(db, globalId);
  }

  /** One statement is one snapshot: no transaction, and no payload is read or decrypted. */
  async read(globalId: string): Promise<ProcessingRequest | null> {
    const rows: LoadedRow[] = await this.dataSource.query(
      loadStatement(TASK_COLUMNS_WITHOUT_PAYLOAD),
      [globalId],
    );
    return rows[0] ? ProcessingRequestMapper.toDomain(rows[0], rows[0].tasks, this.ring) : null;
  }

  /**
   * Locks and loads in one statement; when the lock waited for a holder that changed the request,
   * loads again, under the lock (ADR 0065). A request this transaction locked before is handed back
   * as it is: the lock is still held.
   */
  async lock(
    work: UnitOfWork,
    globalId: string,
    options = { skipLocked: false },
  ): Promise<ProcessingRequest | null> {
    const db = entityManagerOf(work);
    const held = this.locked.get(db, globalId);
    if (held) return held;
    const lock = options.skipLocked ? 'FOR UPDATE SKIP LOCKED' : 'FOR UPDATE';
    const [row]: LockedRow[] = await db.query(lockStatement(lock), [globalId]);
    if (!row) return null;
    const request =
      row.locked_version === row.seen_version
        ? ProcessingRequestMapper.toDomain(row, row.tasks, this.ring)
        : await this.load(db, globalId);
    if (request) this.locked.locked(db, request);
    return request;
  }

  /** In a transaction the changes are held and written at its commit, with all it saved. */
  async save(work: UnitOfWork, request: ProcessingRequest): Promise<void> {
    if (request.changedTasks.length === 0 && !request.statusChanged) return;
    const db = entityManagerOf(work);
    if (this.locked.saved(db, request)) return;
    await this.writeChanges(db, [request]);
  }

  async due(now: Date, limit: number): Promise<string[]> {
    const rows: { global_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT global_id FROM processing_tasks WHERE due_at <= $1 LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.global_id);
  }

  /** The partial index on due_at answers it with one row. */
  async nextDueAt(): Promise<Date | null> {
    const [row]: { due: Date | null }[] = await this.dataSource.query(
      `SELECT min(due_at) AS due FROM processing_tasks WHERE due_at IS NOT NULL`,
    );
    return row?.due ?? null;
  }

  private async load(db: EntityManager, globalId: string): Promise<ProcessingRequest | null> {
    const rows: LoadedRow[] = await db.query(loadStatement(TASK_COLUMNS), [globalId]);
    return rows[0] ? ProcessingRequestMapper.toDomain(rows[0], rows[0].tasks, this.ring) : null;
  }

  /** The changed tasks and the rows of the requests, a column per array; null: nothing changed. */
  private async writeChanges(db: EntityManager, requests: ProcessingRequest[]): Promise<void> {
    const tasks = requests.flatMap((request) =>
      request.changedTasks.map((task) => ({ globalId: request.snapshot.globalId, task })),
    );
    const rows = requests.map((request) => request.snapshot);
    if (tasks.length === 0 && !requests.some((request) => request.statusChanged)) return;
    await db.query(SAVE_CHANGES, [
      tasks.map((t) => t.globalId),
      tasks.map((t) => t.task.id),
      tasks.map((t) => t.task.status),
      tasks.map((t) => json(t.task.data)),
      tasks.map((t) => JSON.stringify(t.task.transactions)),
      tasks.map((t) => json(t.task.interactive)),
      tasks.map((t) => t.task.reason),
      tasks.map((t) => t.task.dueAt),
      tasks.map((t) => t.task.authTaskId),
      tasks.map((t) => t.task.partnerReturnUrl),
      tasks.map((t) => t.task.startedAt),
      tasks.map((t) => t.task.finishedAt),
      tasks.map((t) => t.task.payload === null),
      rows.map((r) => r.globalId),
      rows.map((r) => r.status),
      rows.map((r) => r.finishedAt),
    ]);
  }

  private encrypt(payload: Record<string, unknown> | null): string | null {
    return payload === null ? null : this.ring.encrypt(JSON.stringify(payload));
  }
}
