import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { KeyRing } from '@opp/crypto';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { ProcessingRequestStore } from '../application/processing-request.store';
import type { ProcessingRequest } from '../domain/processing-request';
import {
  ProcessingRequestMapper,
  REQUEST_COLUMNS,
  TASK_COLUMNS,
  type ProcessingRequestRow,
  type ProcessingTaskRow,
} from './processing-request.mapper';

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** Requests and their tasks in typed SQL (ADR 0031); task payloads are stored encrypted. */
@Injectable()
export class ProcessingRequestRepository extends ProcessingRequestStore {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(KeyRing) private readonly ring: KeyRing,
  ) {
    super();
  }

  async add(work: UnitOfWork, request: ProcessingRequest): Promise<void> {
    const db = entityManagerOf(work);
    const r = request.snapshot;
    const inserted: unknown[] = await db.query(
      `INSERT INTO processing_requests (global_id, partner_identifier, project_id, sandbox, request,
         sync, waiting_time, targets, user_ip, status, created_at, finished_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11, $12)
       ON CONFLICT (global_id) DO NOTHING RETURNING global_id`,
      [
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
      ],
    );
    if (inserted.length === 0) return;
    const columns = 24;
    const values: unknown[] = [];
    const rows = request.tasks.map((task, i) => {
      values.push(
        task.id,
        r.globalId,
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
      const p = Array.from({ length: columns }, (_, k) => `$${i * columns + k + 1}`);
      return `(${p.join(', ')})`;
    });
    await db.query(
      `INSERT INTO processing_tasks (id, global_id, parent_id, branch, path, position, depth, type,
         template, payload_encrypted, public_payload, expires_at, status, data, transactions,
         interactive, reason, due_at, auth_task_id, partner_return_url, created_at, started_at, finished_at, updated_at)
       VALUES ${rows.join(', ')}`,
      values,
    );
  }

  find(work: UnitOfWork, globalId: string): Promise<ProcessingRequest | null> {
    return this.load(entityManagerOf(work), globalId, '');
  }

  read(globalId: string): Promise<ProcessingRequest | null> {
    return this.dataSource.transaction('REPEATABLE READ', (db) => this.load(db, globalId, ''));
  }

  lock(
    work: UnitOfWork,
    globalId: string,
    options = { skipLocked: false },
  ): Promise<ProcessingRequest | null> {
    const lock = options.skipLocked ? 'FOR UPDATE SKIP LOCKED' : 'FOR UPDATE';
    return this.load(entityManagerOf(work), globalId, lock);
  }

  async globalIdOfTask(work: UnitOfWork, taskId: string): Promise<string | null> {
    const rows: { global_id: string }[] = await entityManagerOf(work).query(
      `SELECT global_id FROM processing_tasks WHERE id = $1 OR auth_task_id = $1 LIMIT 1`,
      [taskId],
    );
    return rows[0]?.global_id ?? null;
  }

  async save(work: UnitOfWork, request: ProcessingRequest): Promise<void> {
    const db = entityManagerOf(work);
    for (const task of request.changedTasks) {
      await db.query(
        `UPDATE processing_tasks SET status = $2, data = $3::jsonb, interactive = $4::jsonb,
           reason = $5, due_at = $6, auth_task_id = $7, partner_return_url = $8, started_at = $9,
           finished_at = $10, updated_at = now(),
           payload_encrypted = CASE WHEN $11 THEN NULL ELSE payload_encrypted END,
           transactions = $12::jsonb
         WHERE id = $1`,
        [
          task.id,
          task.status,
          json(task.data),
          json(task.interactive),
          task.reason,
          task.dueAt,
          task.authTaskId,
          task.partnerReturnUrl,
          task.startedAt,
          task.finishedAt,
          task.payload === null,
          JSON.stringify(task.transactions),
        ],
      );
    }
    if (!request.statusChanged) return;
    const { globalId, status, finishedAt } = request.snapshot;
    await db.query(
      `UPDATE processing_requests SET status = $2, finished_at = $3, updated_at = now()
       WHERE global_id = $1`,
      [globalId, status, finishedAt],
    );
  }

  async due(now: Date, limit: number): Promise<string[]> {
    const rows: { global_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT global_id FROM processing_tasks WHERE due_at <= $1 LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.global_id);
  }

  private async load(
    db: EntityManager,
    globalId: string,
    lock: '' | 'FOR UPDATE' | 'FOR UPDATE SKIP LOCKED',
  ): Promise<ProcessingRequest | null> {
    const rows: ProcessingRequestRow[] = await db.query(
      `SELECT ${REQUEST_COLUMNS} FROM processing_requests WHERE global_id = $1 ${lock}`,
      [globalId],
    );
    if (rows.length === 0) return null;
    const tasks: ProcessingTaskRow[] = await db.query(
      `SELECT ${TASK_COLUMNS} FROM processing_tasks WHERE global_id = $1`,
      [globalId],
    );
    return ProcessingRequestMapper.toDomain(rows[0], tasks, this.ring);
  }

  private encrypt(payload: Record<string, unknown> | null): string | null {
    return payload === null ? null : this.ring.encrypt(JSON.stringify(payload));
  }
}
