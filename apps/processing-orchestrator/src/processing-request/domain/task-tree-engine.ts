import type { TaskOutcome, TaskTransactionV2 } from '@opp/contracts';
import { ProcessingLimits } from './processing-limits';
import {
  OPEN_TASK_STATUSES,
  isFinal,
  type ChildBranch,
  type ProcessingTask,
  type RequestStatus,
  type TaskStatus,
} from './processing-task';

export const REASONS = {
  expired: 'expired',
  sandboxOnly: 'wait is available in sandbox projects only',
  invalidWait: `invalid payload: seconds must be a number from 0 to ${ProcessingLimits.maxWaitSeconds}`,
  branchNotTaken: 'branch not taken',
} as const;

export interface EngineContext {
  now: Date;
  /** project_snapshots.settings.sandbox of the partner's project: `wait` runs only there. */
  sandbox: boolean;
}

export interface TaskOutcomeInput {
  outcome: TaskOutcome;
  data?: Record<string, unknown>;
  transaction?: TaskTransactionV2;
  interactive?: Record<string, unknown>;
  reason?: string;
}

/**
 * The rules of one request's task tree, on plain objects (ADR 0005, processing-api.md):
 * roots run in parallel; a finished task makes its `success` or `fail` list runnable and skips the
 * other list's subtree; `always` runs after either outcome; an expired task counts as failed.
 * Every method mutates the tasks it is given and records which ones changed and which ones must be
 * sent to their owner; the caller persists both in one transaction.
 */
export class TaskTreeEngine {
  readonly changed = new Set<ProcessingTask>();
  /** Tasks that went RUNNING and need a TaskCommand to their function's owner. */
  readonly dispatched: ProcessingTask[] = [];
  private readonly byId = new Map<string, ProcessingTask>();
  private readonly children = new Map<string, ProcessingTask[]>();

  constructor(
    readonly tasks: readonly ProcessingTask[],
    private readonly context: EngineContext,
  ) {
    const ordered = [...tasks].sort((a, b) => comparePaths(a.path, b.path));
    for (const task of ordered) {
      this.byId.set(task.id, task);
      if (task.parentId) {
        const list = this.children.get(task.parentId) ?? [];
        list.push(task);
        this.children.set(task.parentId, list);
      }
    }
  }

  task(id: string): ProcessingTask | undefined {
    return this.byId.get(id);
  }

  /** Starts every runnable task, over and over, until nothing more can start right now. */
  advance(): void {
    let progressed = true;
    while (progressed) {
      progressed = false;
      for (const task of this.byId.values()) {
        if (task.status === 'PENDING' && this.isRunnable(task)) {
          this.start(task);
          progressed = true;
        }
      }
    }
  }

  /** A result from the function's owner. Results for a task that is already over are ignored. */
  applyOutcome(task: ProcessingTask, input: TaskOutcomeInput): boolean {
    if (!OPEN_TASK_STATUSES.has(task.status)) return false;
    const data = input.data ? { ...(task.data ?? {}), ...input.data } : task.data;
    if (input.transaction) task.transactions = [...task.transactions, input.transaction];
    if (input.outcome === 'WAITING') {
      task.status = 'WAITING';
      task.data = data;
      task.interactive = input.interactive ?? task.interactive;
      this.changed.add(task);
    } else {
      task.data = data;
      this.finish(task, input.outcome, input.reason ?? null);
    }
    this.advance();
    return true;
  }

  /** Timers that are due: a `wait` that is over succeeds, a task past its expiration.date expires. */
  fireTimers(): void {
    const now = this.context.now.getTime();
    for (const task of this.byId.values()) {
      if (!OPEN_TASK_STATUSES.has(task.status) || !task.dueAt || task.dueAt.getTime() > now) {
        continue;
      }
      if (task.expiresAt && task.expiresAt.getTime() <= now) {
        this.finish(task, 'EXPIRED', REASONS.expired);
      } else if (task.type === 'wait') {
        this.finish(task, 'SUCCESS', null);
      } else {
        task.dueAt = task.expiresAt;
        this.changed.add(task);
      }
    }
    this.advance();
  }

  /** The user is back from 3-D Secure: the task runs again until card.authenticate answers. */
  resume(task: ProcessingTask, authTaskId: string): void {
    task.status = 'RUNNING';
    task.authTaskId = authTaskId;
    this.changed.add(task);
  }

  requestStatus(): RequestStatus {
    return requestStatusOf(this.tasks);
  }

  private isRunnable(task: ProcessingTask): boolean {
    if (!task.parentId) return true;
    const parent = this.byId.get(task.parentId);
    return parent !== undefined && isFinal(parent) && parent.status !== 'SKIPPED';
  }

  private start(task: ProcessingTask): void {
    const { now, sandbox } = this.context;
    this.changed.add(task);
    task.startedAt = now;
    if (task.expiresAt && task.expiresAt.getTime() <= now.getTime()) {
      this.finish(task, 'EXPIRED', REASONS.expired);
      return;
    }
    if (task.type === 'wait') {
      const seconds = waitSeconds(task.payload?.seconds);
      if (!sandbox) return this.finish(task, 'FAIL', REASONS.sandboxOnly);
      if (
        typeof seconds !== 'number' ||
        !Number.isFinite(seconds) ||
        seconds < 0 ||
        seconds > ProcessingLimits.maxWaitSeconds
      ) {
        return this.finish(task, 'FAIL', REASONS.invalidWait);
      }
      task.data = { seconds };
      if (seconds === 0) return this.finish(task, 'SUCCESS', null);
      task.status = 'RUNNING';
      task.dueAt = earliest(new Date(now.getTime() + seconds * 1000), task.expiresAt);
      return;
    }
    task.status = 'RUNNING';
    task.dueAt = task.expiresAt;
    if (task.type === 'card.payment') {
      // The challenge returns to the gateway's page of this task, not to the partner's own
      // acs_return_url: the user is sent on to it when back from 3-D Secure (ADR 0007, ADR 0031).
      const original = task.payload?.acs_return_url;
      task.partnerReturnUrl = typeof original === 'string' && original !== '' ? original : null;
    }
    this.dispatched.push(task);
  }

  private finish(task: ProcessingTask, status: TaskStatus, reason: string | null): void {
    task.status = status;
    task.reason = reason;
    task.dueAt = null;
    task.finishedAt = this.context.now;
    // The payload may hold card data: it is not needed once the task is over.
    task.payload = null;
    this.changed.add(task);
    const notTaken: ChildBranch = status === 'SUCCESS' ? 'fail' : 'success';
    for (const child of this.children.get(task.id) ?? []) {
      if (child.branch === notTaken) this.skip(child);
    }
  }

  private skip(task: ProcessingTask): void {
    if (task.status !== 'PENDING') return;
    task.status = 'SKIPPED';
    task.reason = REASONS.branchNotTaken;
    task.payload = null;
    task.finishedAt = this.context.now;
    this.changed.add(task);
    for (const child of this.children.get(task.id) ?? []) this.skip(child);
  }
}

/** A number, or a decimal string (what a template parameter gives); anything else is invalid. */
function waitSeconds(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{1,9}(\.\d{1,3})?$/.test(value.trim())) return Number(value);
  return value;
}

/** WAITING when an interaction is required; FINISHED when no task is pending, running or waiting. */
export function requestStatusOf(tasks: readonly ProcessingTask[]): RequestStatus {
  if (tasks.some((t) => t.status === 'WAITING')) return 'WAITING';
  if (tasks.some((t) => !isFinal(t))) return 'PROCESSING';
  return 'FINISHED';
}

/** The earliest moment the orchestrator must look at this request again by itself. */
export function nextDueAt(tasks: readonly ProcessingTask[]): Date | null {
  return tasks.reduce<Date | null>((soonest, t) => earliest(t.dueAt, soonest), null);
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() <= b.getTime() ? a : b;
}

/** Tree order: `0` < `0.success.0` < `0.success.1` < `0.fail.0` < `1`. */
export function comparePaths(a: string, b: string): number {
  const rank: Record<string, number> = { success: 0, fail: 1, always: 2 };
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    const na = Number(pa[i]);
    const nb = Number(pb[i]);
    if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
    return (rank[pa[i]] ?? 9) - (rank[pb[i]] ?? 9);
  }
  return pa.length - pb.length;
}
