import type { TaskOperation, TaskTransactionV2 } from '@opp/contracts';
import type { Transaction } from '../domain/transaction';
import { transactionRecordOf } from './transaction-views';

/**
 * A task's output in domain terms (ADR 0031): the record payments answers the gateway for the
 * matching merchant call (ADR 0031) and which operation it was. The gateway renders it into the
 * task's `data` with that call's renderer, and builds the 3-D Secure redirect itself.
 */
export const taskTransactionOf = (operation: TaskOperation, t: Transaction): TaskTransactionV2 => ({
  operation,
  record: transactionRecordOf(t),
});
