import type { UnitOfWork } from '@opp/persistence';
import type {
  RecurringChargeFlow,
  RecurringChargeFlowState,
  RecurringChargeOutcome,
} from '../../domain/recurring-charge-flow';

/** Port: the recurring charge flows (ADR 0060). Callers lock the flow's subscription first. */
export abstract class RecurringChargeFlowStore {
  abstract find(work: UnitOfWork, key: string): Promise<RecurringChargeFlow | null>;

  abstract insert(work: UnitOfWork, flow: RecurringChargeFlow): Promise<void>;

  /**
   * Stores payments' answer on a flow that has none yet (`charging`, or `compensated` by its
   * deadline); false when it already had one (a redelivered answer).
   */
  abstract finish(
    work: UnitOfWork,
    key: string,
    state: RecurringChargeFlowState,
    outcome: RecurringChargeOutcome,
  ): Promise<boolean>;

  /** Up to `limit` flows still `charging` past their deadline, oldest first (not locked). */
  abstract overdue(work: UnitOfWork, now: Date, limit: number): Promise<RecurringChargeFlow[]>;

  /** `charging` -> `compensated`; false when payments' answer came first. */
  abstract markCompensated(work: UnitOfWork, key: string): Promise<boolean>;
}
