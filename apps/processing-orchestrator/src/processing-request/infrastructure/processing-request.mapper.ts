import type { KeyRing } from '@opp/crypto';
import type { TaskFunction, TaskTransactionV2 } from '@opp/contracts';
import type { WaitTime } from '../domain/processing-limits';
import { ProcessingRequest } from '../domain/processing-request';
import type { NotificationTarget } from '../domain/processing-request-parser';
import type { Branch, ProcessingTask, RequestStatus, TaskStatus } from '../domain/processing-task';

/** The columns of processing_requests the aggregate reads, as pg returns them. */
export interface ProcessingRequestRow {
  global_id: string;
  partner_identifier: string;
  project_id: number;
  sandbox: boolean;
  request: Record<string, unknown>;
  sync: boolean;
  waiting_time: string;
  targets: NotificationTarget[];
  user_ip: string | null;
  status: string;
  created_at: Date;
  finished_at: Date | null;
}

/**
 * The columns of processing_tasks the aggregate reads, as json_agg renders them with the request's
 * row (one statement): timestamps are ISO strings.
 */
export interface ProcessingTaskRow {
  id: string;
  parent_id: string | null;
  branch: string;
  path: string;
  position: number;
  depth: number;
  type: string;
  template: string | null;
  /** Encrypted with SECRETS_KEYS (card data); null once the task is over. */
  payload_encrypted: string | null;
  public_payload: Record<string, unknown>;
  expires_at: string | null;
  status: string;
  data: Record<string, unknown> | null;
  transactions: TaskTransactionV2[];
  interactive: Record<string, unknown> | null;
  reason: string | null;
  due_at: string | null;
  auth_task_id: string | null;
  partner_return_url: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export const REQUEST_COLUMNS = `global_id, partner_identifier, project_id, sandbox, request, sync,
  waiting_time, targets, user_ip, status, created_at, finished_at`;

export const TASK_COLUMNS = `id, parent_id, branch, path, position, depth, type, template,
  payload_encrypted, public_payload, expires_at, status, data, transactions, interactive, reason,
  due_at, auth_task_id, partner_return_url, created_at, started_at, finished_at`;

/** The same columns without the encrypted payloads, for reads that only answer the status. */
export const TASK_COLUMNS_WITHOUT_PAYLOAD = TASK_COLUMNS.replace(
  'payload_encrypted',
  'NULL AS payload_encrypted',
);

const date = (value: string | null): Date | null => (value === null ? null : new Date(value));

export const ProcessingRequestMapper = {
  toDomain(
    row: ProcessingRequestRow,
    tasks: ProcessingTaskRow[],
    ring: KeyRing,
  ): ProcessingRequest {
    return ProcessingRequest.restore(
      {
        globalId: row.global_id,
        partnerIdentifier: row.partner_identifier,
        projectId: row.project_id,
        sandbox: row.sandbox,
        request: row.request,
        sync: row.sync,
        waitingTime: row.waiting_time as WaitTime,
        targets: row.targets,
        userIp: row.user_ip,
        status: row.status as RequestStatus,
        createdAt: row.created_at,
        finishedAt: row.finished_at,
      },
      tasks.map((task) => ProcessingRequestMapper.taskToDomain(task, ring)),
    );
  },

  taskToDomain(row: ProcessingTaskRow, ring: KeyRing): ProcessingTask {
    return {
      id: row.id,
      parentId: row.parent_id,
      branch: row.branch as Branch,
      path: row.path,
      position: row.position,
      depth: row.depth,
      type: row.type as TaskFunction,
      template: row.template,
      payload: row.payload_encrypted
        ? (JSON.parse(ring.decrypt(row.payload_encrypted)) as Record<string, unknown>)
        : null,
      publicPayload: row.public_payload,
      expiresAt: date(row.expires_at),
      status: row.status as TaskStatus,
      data: row.data,
      transactions: row.transactions,
      interactive: row.interactive,
      reason: row.reason,
      dueAt: date(row.due_at),
      authTaskId: row.auth_task_id,
      partnerReturnUrl: row.partner_return_url,
      createdAt: new Date(row.created_at),
      startedAt: date(row.started_at),
      finishedAt: date(row.finished_at),
    };
  },
};
