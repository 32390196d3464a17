import type { ProcessingAnswerV2, TaskOutcome, TaskTransactionV2 } from '@opp/contracts';
import type { ProcessingEffects, TaskCommand } from './processing-effects';
import type { NotificationTarget } from './processing-request-parser';
import type { WaitTime } from './processing-limits';
import type { ProcessingTask, RequestStatus } from './processing-task';
import { processingResponse } from './processing-response';
import { redactPayload } from './redaction';
import { nextDueAt, TaskTreeEngine } from './task-tree-engine';

export interface ProcessingRequestState {
  globalId: string;
  partnerIdentifier: string;
  projectId: number;
  sandbox: boolean;
  /** The partner's Request object as received, with card data masked (see redactPayload). */
  request: Record<string, unknown>;
  sync: boolean;
  waitingTime: WaitTime;
  targets: NotificationTarget[];
  userIp: string | null;
  status: RequestStatus;
  createdAt: Date;
  finishedAt: Date | null;
}

export type AcceptedRequest = Omit<ProcessingRequestState, 'status' | 'createdAt' | 'finishedAt'>;

/** A function owner's answer to a TaskCommand. */
export interface TaskResult {
  /** The task's id, or the id of the card.authenticate command sent for a card.payment task. */
  taskId: string;
  outcome: TaskOutcome;
  data?: Record<string, unknown>;
  /** A transaction the task ran, in domain terms: the gateway renders it (ADR 0031). */
  transaction?: TaskTransactionV2;
  interactive?: Record<string, unknown>;
  reason?: string;
}

/** What the user brought back from the 3-D Secure page. */
export interface AcsReturn {
  taskId: string;
  paRes?: string;
  md?: string;
}

export interface Resumed {
  /** The partner's own acs_return_url, where the user goes next. */
  partnerReturnUrl: string | null;
  /** Null when the task was resumed before: nothing more is sent. */
  effects: ProcessingEffects | null;
}

/**
 * A processing request and its task tree (ADR 0005): the aggregate whose transitions are the tree
 * engine's rules. Each transition changes the request and its tasks and returns the effects it
 * causes; the store saves the changed tasks and the status, the caller publishes the effects.
 */
export class ProcessingRequest {
  private readonly changed = new Set<ProcessingTask>();
  private readonly loadedStatus: RequestStatus;

  private constructor(
    private readonly state: ProcessingRequestState,
    private readonly taskList: ProcessingTask[],
  ) {
    this.loadedStatus = state.status;
  }

  /**
   * A new request whose tasks are built (all PENDING): the roots start at once, and tasks that
   * end at once (`wait` 0, an unavailable function, an expired task) are already settled.
   */
  static accept(
    accepted: AcceptedRequest,
    tasks: ProcessingTask[],
    now: Date,
  ): { request: ProcessingRequest; effects: ProcessingEffects } {
    const request = new ProcessingRequest(
      { ...accepted, status: 'PROCESSING', createdAt: now, finishedAt: null },
      tasks,
    );
    const engine = request.engine(now);
    engine.advance();
    return { request, effects: request.settle(engine, now) };
  }

  static restore(state: ProcessingRequestState, tasks: ProcessingTask[]): ProcessingRequest {
    return new ProcessingRequest({ ...state }, tasks);
  }

  get snapshot(): Readonly<ProcessingRequestState> {
    return this.state;
  }

  get tasks(): readonly ProcessingTask[] {
    return this.taskList;
  }

  /** Tasks changed since the request was loaded, for the store. */
  get changedTasks(): readonly ProcessingTask[] {
    return [...this.changed];
  }

  get statusChanged(): boolean {
    return this.state.status !== this.loadedStatus;
  }

  /** Whether a task of this request has this id, or sent a card.authenticate command under it. */
  hasTask(taskId: string): boolean {
    return this.taskList.some((t) => t.id === taskId || t.authTaskId === taskId);
  }

  /**
   * A function's owner answered. Null when nothing changes: an unknown task, a task that is
   * already over (a redelivery, or a task that expired meanwhile), or a late repeat of a
   * card.payment's WAITING after 3-D Secure (then the card.authenticate result decides).
   */
  applyResult(result: TaskResult, now: Date): ProcessingEffects | null {
    const task = this.taskList.find(
      (t) => t.id === result.taskId || t.authTaskId === result.taskId,
    );
    if (!task) return null;
    if (task.authTaskId && result.taskId === task.id && result.outcome === 'WAITING') return null;
    const engine = this.engine(now);
    const applied = engine.applyOutcome(task, {
      outcome: result.outcome,
      // Stored and answered in clear: whatever an owner put there, no card number stays whole.
      data: result.data && (redactPayload(result.data) as Record<string, unknown>),
      transaction: result.transaction && {
        operation: result.transaction.operation,
        record: redactPayload(result.transaction.record) as TaskTransactionV2['record'],
      },
      interactive: result.interactive,
      reason: result.reason,
    });
    return applied ? this.settle(engine, now) : null;
  }

  /** Timers that are due: a `wait` that is over succeeds, a task past its expiration.date expires. */
  fireTimers(now: Date): ProcessingEffects {
    const engine = this.engine(now);
    engine.fireTimers();
    return this.settle(engine, now);
  }

  /**
   * The user is back from the 3-D Secure page of a WAITING card.payment task: it runs again and
   * card.authenticate (with PaRes and MD) is sent under `authTaskId`. Null for an unknown task.
   */
  resume(back: AcsReturn, authTaskId: string, now: Date): Resumed | null {
    const task = this.taskList.find((t) => t.id === back.taskId && t.type === 'card.payment');
    if (!task) return null;
    if (task.status !== 'WAITING' || task.authTaskId) {
      return { partnerReturnUrl: task.partnerReturnUrl, effects: null };
    }
    const engine = this.engine(now);
    engine.resume(task, authTaskId);
    const authenticate: TaskCommand = {
      taskId: authTaskId,
      function: 'card.authenticate',
      payload: { PaRes: back.paRes ?? '', MD: back.md ?? '' },
    };
    return {
      partnerReturnUrl: task.partnerReturnUrl,
      effects: this.settle(engine, now, [authenticate]),
    };
  }

  /** The Response object of processing-api.md for the current state, less what the gateway renders. */
  response(now?: Date): ProcessingAnswerV2 {
    return processingResponse(this.state, this.taskList, now);
  }

  private engine(now: Date): TaskTreeEngine {
    return new TaskTreeEngine(this.taskList, { now, sandbox: this.state.sandbox });
  }

  /** The request's status after the engine ran; FINISHED is announced once. */
  private settle(engine: TaskTreeEngine, now: Date, extra: TaskCommand[] = []): ProcessingEffects {
    for (const task of engine.changed) this.changed.add(task);
    const commands: TaskCommand[] = engine.dispatched.map((task) => ({
      taskId: task.id,
      function: task.type,
      payload: { ...(task.payload ?? {}) },
    }));
    commands.push(...extra);
    let finishedAt: Date | null = null;
    const status = engine.requestStatus();
    if (status !== this.state.status) {
      const wasFinished = this.state.status === 'FINISHED';
      this.state.status = status;
      if (status === 'FINISHED' && !wasFinished) {
        this.state.finishedAt = now;
        finishedAt = now;
      }
    }
    return { commands, nextTimerAt: nextDueAt(this.taskList), finishedAt };
  }
}
