import type { TaskOperation, TaskResultV2 } from '@opp/contracts';
import type { TaskOrigin, Transaction } from '../domain/transaction';
import { taskTransactionOf } from './task-outputs';

/**
 * A charge (or its authentication) as a task result (ADR 0005): failed -> FAIL, waiting for
 * 3-D Secure -> WAITING, anything else (completed, verified, processing) -> SUCCESS. The
 * transaction travels in domain terms; the gateway renders `data` and the redirect (ADR 0031).
 */
export function taskResultOf(
  task: TaskOrigin,
  t: Transaction,
  operation: TaskOperation = 'charge',
): TaskResultV2 {
  const base = {
    taskId: task.taskId,
    globalId: task.globalId,
    transaction: taskTransactionOf(operation, t),
    completedAt: new Date().toISOString(),
  };
  if (t.status === 'failed') return { ...base, outcome: 'FAIL', reason: t.reason ?? 'failed' };
  if (t.status === 'authenticating' && t.acs) return { ...base, outcome: 'WAITING' };
  return { ...base, outcome: 'SUCCESS' };
}
