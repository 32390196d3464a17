import type { Reply, TransactionRecordV1 } from '@opp/contracts';

/**
 * A recurring charge flow (ADR 0060): `charging` while the command is with payments; `charged` or
 * `refused` once payments answered (a decline is a refusal that left a failed transaction);
 * `compensated` when its deadline passed first (the reservation released; a late answer still
 * finishes it).
 */
export type RecurringChargeFlowState = 'charging' | 'charged' | 'refused' | 'compensated';

/** What the merchant is answered: the transaction payments made, or its refusal. */
export type RecurringChargeOutcome = Reply<TransactionRecordV1>;

export interface RecurringChargeFlow {
  /** The command's idempotency key: `<projectId>:<signature>`, or `task:<taskId>`. */
  key: string;
  projectId: number;
  userId: string;
  subscriptionId: number;
  state: RecurringChargeFlowState;
  deadlineAt: Date;
  outcome: RecurringChargeOutcome | null;
}

/** payments' answer as the flow stores it: only a charge counts against frequency (ADR 0012). */
export function finishedState(
  outcome: 'charged' | 'declined' | 'refused',
): RecurringChargeFlowState {
  return outcome === 'charged' ? 'charged' : 'refused';
}
