import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { KeyRing } from '@opp/crypto';
import type { ProcessingRequest } from '../domain/processing-request';
import type { ProcessingTask } from '../domain/processing-task';
import type { ClaimedRequestId } from '../domain/request-id-reuse';
import { ProcessingRequestMapper } from './processing-request.mapper';
import { ProcessingRequestOrmEntity } from './processing-request.orm-entity';
import { ProcessingTaskOrmEntity } from './processing-task.orm-entity';

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/**
 * Requests and their tasks. Every change to a request happens while its row is locked
 * (`lock`), so results, timers and resumptions of one request never interleave, on any replica.
 */
@Injectable()
export class ProcessingRequestRepository {
  constructor(@Inject(KeyRing) private readonly ring: KeyRing) {}

  /** False when the GlobalId exists already (a redelivered submit). */
  async insert(
    tx: EntityManager,
    request: ProcessingRequest,
    tasks: readonly ProcessingTask[],
  ): Promise<boolean> {
    const inserted: unknown[] = await tx.query(
      `INSERT INTO processing_requests (global_id, partner_identifier, project_id, sandbox, request,
         sync, waiting_time, targets, user_ip, status, created_at, finished_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10, $11, $12)
       ON CONFLICT (global_id) DO NOTHING RETURNING global_id`,
      [
        request.globalId,
        request.partnerIdentifier,
        request.projectId,
        request.sandbox,
        JSON.stringify(request.request),
        request.sync,
        request.waitingTime,
        JSON.stringify(request.targets),
        request.userIp,
        request.status,
        request.createdAt,
        request.finishedAt,
      ],
    );
    if (inserted.length === 0) return false;
    const columns = 23;
    const values: unknown[] = [];
    const rows = tasks.map((task, i) => {
      values.push(
        task.id,
        request.globalId,
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
    await tx.query(
      `INSERT INTO processing_tasks (id, global_id, parent_id, branch, path, position, depth, type,
         template, payload_encrypted, public_payload, expires_at, status, data, interactive, reason,
         due_at, auth_task_id, partner_return_url, created_at, started_at, finished_at, updated_at)
       VALUES ${rows.join(', ')}`,
      values,
    );
    return true;
  }

  /** Locks the request row for this transaction; with skipLocked, null when someone else holds it. */
  async lock(
    tx: EntityManager,
    globalId: string,
    skipLocked = false,
  ): Promise<ProcessingRequest | null> {
    const row = await tx.findOne(ProcessingRequestOrmEntity, {
      where: { globalId },
      lock: skipLocked
        ? { mode: 'pessimistic_write', onLocked: 'skip_locked' }
        : { mode: 'pessimistic_write' },
    });
    return row ? ProcessingRequestMapper.toDomain(row) : null;
  }

  /**
   * ADR 0017: waits until no other transaction is handling this partner's request id, so a
   * concurrent repeat sees the first request once it is stored (the unique index backs this up).
   */
  async lockRequestId(tx: EntityManager, partner: string, requestId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `processing-request-id:${partner}:${requestId}`,
    ]);
  }

  async findByRequestId(
    tx: EntityManager,
    partner: string,
    requestId: string,
  ): Promise<ClaimedRequestId | null> {
    const rows: { global_id: string; body_fingerprint: string }[] = await tx.query(
      `SELECT global_id, body_fingerprint FROM processing_requests
       WHERE partner_identifier = $1 AND request_id = $2`,
      [partner, requestId],
    );
    return rows[0]
      ? { globalId: rows[0].global_id, bodyFingerprint: rows[0].body_fingerprint }
      : null;
  }

  /** Records the partner's request id of a stored request (unique per partner). */
  async claimRequestId(
    tx: EntityManager,
    globalId: string,
    requestId: string,
    bodyFingerprint: string,
  ): Promise<void> {
    await tx.query(
      `UPDATE processing_requests SET request_id = $2, body_fingerprint = $3 WHERE global_id = $1`,
      [globalId, requestId, bodyFingerprint],
    );
  }

  async find(tx: EntityManager, globalId: string): Promise<ProcessingRequest | null> {
    const row = await tx.findOneBy(ProcessingRequestOrmEntity, { globalId });
    return row ? ProcessingRequestMapper.toDomain(row) : null;
  }

  async tasks(tx: EntityManager, globalId: string): Promise<ProcessingTask[]> {
    const rows = await tx.findBy(ProcessingTaskOrmEntity, { globalId });
    return rows.map((row) => ProcessingRequestMapper.taskToDomain(row, this.ring));
  }

  /** The request a task (or the card.authenticate command of a card.payment task) belongs to. */
  async globalIdOfTask(tx: EntityManager, taskId: string): Promise<string | null> {
    const rows: { global_id: string }[] = await tx.query(
      `SELECT global_id FROM processing_tasks WHERE id = $1 OR auth_task_id = $1 LIMIT 1`,
      [taskId],
    );
    return rows[0]?.global_id ?? null;
  }

  async saveTasks(tx: EntityManager, tasks: Iterable<ProcessingTask>): Promise<void> {
    for (const task of tasks) {
      await tx.query(
        `UPDATE processing_tasks SET status = $2, data = $3::jsonb, interactive = $4::jsonb,
           reason = $5, due_at = $6, auth_task_id = $7, partner_return_url = $8, started_at = $9,
           finished_at = $10, updated_at = now(),
           payload_encrypted = CASE WHEN $11 THEN NULL ELSE payload_encrypted END
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
        ],
      );
    }
  }

  async saveStatus(tx: EntityManager, request: ProcessingRequest): Promise<void> {
    await tx.query(
      `UPDATE processing_requests SET status = $2, finished_at = $3, updated_at = now()
       WHERE global_id = $1`,
      [request.globalId, request.status, request.finishedAt],
    );
  }

  /** Requests with a task whose timer is due. */
  async due(tx: EntityManager, now: Date, limit: number): Promise<string[]> {
    const rows: { global_id: string }[] = await tx.query(
      `SELECT DISTINCT global_id FROM processing_tasks WHERE due_at <= $1 LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.global_id);
  }

  async projectIsSandbox(tx: EntityManager, projectId: number): Promise<boolean | null> {
    const rows: { sandbox: boolean | null }[] = await tx.query(
      `SELECT (settings->>'sandbox')::boolean AS sandbox FROM project_snapshots WHERE id = $1`,
      [projectId],
    );
    return rows.length === 0 ? null : rows[0].sandbox !== false;
  }

  private encrypt(payload: Record<string, unknown> | null): string | null {
    return payload === null ? null : this.ring.encrypt(JSON.stringify(payload));
  }
}
