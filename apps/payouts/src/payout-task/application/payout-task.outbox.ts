import type { PayoutTaskCheckedV1, TaskResultV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';

/** Port: what a payout task sends on, in the inbox transaction of its command. */
export abstract class PayoutTaskOutbox {
  abstract checked(
    work: UnitOfWork,
    payout: PayoutTaskCheckedV1,
    correlationId: string,
  ): Promise<void>;
  abstract result(work: UnitOfWork, result: TaskResultV1, correlationId: string): Promise<void>;
}
