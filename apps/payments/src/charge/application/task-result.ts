import type { TaskResultV1 } from '@opp/contracts';
import { acsOf } from '../../three-d-secure/domain/three-d-secure';
import type { TaskOrigin, Transaction } from '../domain/transaction';
import { chargeOutputOf } from './task-outputs';

/**
 * A charge as a task result (ADR 0005): failed -> FAIL, waiting for 3-D Secure -> WAITING with the
 * redirect the user must follow, anything else (completed, verified, processing) -> SUCCESS.
 * `data` carries the operation's response fields.
 */
export function taskResultOf(
  task: TaskOrigin,
  t: Transaction,
  gatewayUrl: string,
  data: Record<string, unknown> = chargeOutputOf(t, gatewayUrl),
): TaskResultV1 {
  const base = {
    taskId: task.taskId,
    globalId: task.globalId,
    data,
    completedAt: new Date().toISOString(),
  };
  if (t.status === 'failed') return { ...base, outcome: 'FAIL', reason: t.reason ?? 'failed' };
  if (t.status === 'authenticating' && t.acs) {
    const acs = acsOf(gatewayUrl, t.acs);
    return {
      ...base,
      outcome: 'WAITING',
      interactive: { type: 'REDIRECT', uri: acs.url, method: 'POST', parameters: acs.parameters },
    };
  }
  return { ...base, outcome: 'SUCCESS' };
}
