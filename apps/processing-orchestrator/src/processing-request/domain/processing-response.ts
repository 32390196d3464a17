import { randomUUID } from 'node:crypto';
import type { ProcessingAnswerV2, ThreeDsChallengeV1 } from '@opp/contracts';
import type { ProcessingRequestState } from './processing-request';
import { CHILD_BRANCHES, type ProcessingTask, type RequestStatus } from './processing-task';
import { comparePaths } from './task-tree-engine';

/**
 * `result.code` of the Response object (documented in the gateway's OpenAPI):
 * 0 finished and every task that ran succeeded; 1 finished with at least one task FAIL or EXPIRED;
 * 2 still processing; 3 waiting for an interaction (`result.interactive`).
 */
export const RESULT_CODES = { finished: 0, finishedWithFailures: 1, processing: 2, waiting: 3 };

/**
 * The Response object of processing-api.md for the request's current state, with the tasks'
 * transactions and the waiting task's 3-D Secure challenge in domain terms beside it: the gateway
 * renders those into the tasks' `data` and `result.interactive` (ADR 0031).
 */
export function processingResponse(
  request: ProcessingRequestState,
  tasks: readonly ProcessingTask[],
  now = new Date(),
  responseId: string = randomUUID(),
): ProcessingAnswerV2 {
  const original = request.request as {
    header?: { request?: { id?: unknown; date?: unknown } };
    payload?: Record<string, unknown>;
  };
  const ordered = [...tasks].sort((a, b) => comparePaths(a.path, b.path));
  const waiting = ordered.find((t) => t.status === 'WAITING');
  const response = {
    header: {
      request: { id: original.header?.request?.id, date: original.header?.request?.date },
      response: { globalId: request.globalId, id: responseId, date: now.toISOString() },
      service: {
        sync: request.sync,
        waitingTime: request.waitingTime,
        result: request.targets,
      },
    },
    result: {
      status: request.status,
      ...resultOf(request.status, ordered),
      ...(waiting?.interactive ? { interactive: waiting.interactive } : {}),
    },
    payload: { ...(original.payload ?? {}), tasks: taskTree(ordered) },
  };
  return {
    response,
    tasks: ordered
      .filter((t) => t.transactions.length > 0)
      .map((t) => ({ taskId: t.id, transactions: t.transactions })),
    challenge: waiting && !waiting.interactive ? challengeOf(waiting) : null,
  };
}

/** The challenge of the waiting task's latest transaction, if it waits for 3-D Secure. */
function challengeOf(task: ProcessingTask): ThreeDsChallengeV1 | null {
  return task.transactions.at(-1)?.record.threeDs ?? null;
}

function resultOf(status: RequestStatus, tasks: readonly ProcessingTask[]) {
  switch (status) {
    case 'PROCESSING':
      return { code: RESULT_CODES.processing, comment: 'Processing' };
    case 'WAITING':
      return { code: RESULT_CODES.waiting, comment: 'An interaction is required' };
    case 'FINISHED': {
      const failed = tasks.filter((t) => t.status === 'FAIL' || t.status === 'EXPIRED').length;
      return failed === 0
        ? { code: RESULT_CODES.finished, comment: 'Finished' }
        : {
            code: RESULT_CODES.finishedWithFailures,
            comment: `Finished; ${failed} task(s) failed or expired`,
          };
    }
  }
}

function taskTree(tasks: readonly ProcessingTask[]): Record<string, unknown>[] {
  const children = new Map<string | null, ProcessingTask[]>();
  for (const task of tasks) {
    const list = children.get(task.parentId) ?? [];
    list.push(task);
    children.set(task.parentId, list);
  }
  const render = (task: ProcessingTask): Record<string, unknown> => {
    const node: Record<string, unknown> = {
      id: task.id,
      type: task.type,
      ...(task.template ? { template: task.template } : {}),
      payload: task.publicPayload,
      ...(task.expiresAt ? { expiration: { date: task.expiresAt.toISOString() } } : {}),
      result: { status: task.status, ...(task.reason ? { reason: task.reason } : {}) },
      ...(task.data ? { data: task.data } : {}),
    };
    const own = children.get(task.id) ?? [];
    for (const branch of CHILD_BRANCHES) {
      const list = own.filter((c) => c.branch === branch);
      if (list.length > 0) node[branch] = list.map(render);
    }
    return node;
  };
  return (children.get(null) ?? []).map(render);
}
