import type { TaskFunction, TaskStatus, TaskTransactionV2 } from '@opp/contracts';

// A task's statuses are the Response object's, which the gateway documents: one list, in contracts.
export type { TaskStatus } from '@opp/contracts';

export const REQUEST_STATUSES = ['PROCESSING', 'WAITING', 'FINISHED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Where a task hangs in the tree: a root, or in one of its parent's three lists. */
export const BRANCHES = ['root', 'success', 'fail', 'always'] as const;
export type Branch = (typeof BRANCHES)[number];
export type ChildBranch = Exclude<Branch, 'root'>;
export const CHILD_BRANCHES: readonly ChildBranch[] = ['success', 'fail', 'always'];

export const FINAL_TASK_STATUSES: ReadonlySet<TaskStatus> = new Set([
  'SUCCESS',
  'FAIL',
  'EXPIRED',
  'SKIPPED',
]);

/** Statuses of a task that has been dispatched and whose outcome is still open. */
export const OPEN_TASK_STATUSES: ReadonlySet<TaskStatus> = new Set(['RUNNING', 'WAITING']);

export interface ProcessingTask {
  id: string;
  parentId: string | null;
  branch: Branch;
  /** Position in the tree as the partner wrote it: `0`, `0.success.1`, `1.always.0.fail.0`. */
  path: string;
  /** Index within its list (roots, or the parent's success/fail/always). */
  position: number;
  /** 1 for a root task. */
  depth: number;
  type: TaskFunction;
  /** The partner template this task was expanded from, if any. */
  template: string | null;
  /** The payload after template expansion; null once the task is over (it may hold card data). */
  payload: Record<string, unknown> | null;
  /** The payload as answered to the partner: card data masked, security codes removed. */
  publicPayload: Record<string, unknown>;
  expiresAt: Date | null;
  status: TaskStatus;
  data: Record<string, unknown> | null;
  /**
   * The transactions the task ran, in domain terms, in the order their results arrived: the
   * gateway renders them into the task's `data` (ADR 0031). Empty for other functions.
   */
  transactions: TaskTransactionV2[];
  /** The interaction a v1 result gave with WAITING (ADR 0005); v2 results leave it to the gateway. */
  interactive: Record<string, unknown> | null;
  reason: string | null;
  /** When the orchestrator must look at this task again by itself (a `wait` ends, an expiry). */
  dueAt: Date | null;
  /** card.payment after 3-D Secure: the id of the card.authenticate command sent for it. */
  authTaskId: string | null;
  /** card.payment: the partner's own acs_return_url, where the user goes after 3-D Secure. */
  partnerReturnUrl: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export const isFinal = (task: ProcessingTask): boolean => FINAL_TASK_STATUSES.has(task.status);
