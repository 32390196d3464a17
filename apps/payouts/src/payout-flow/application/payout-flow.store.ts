import type { ReservePayoutFundsV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import type { PayoutFlow } from '../domain/payout-flow';

/** Port: payout flows and the commands their steps send, in the flow's transaction (outbox). */
export abstract class PayoutFlowStore {
  /** The flow a signed request started, if any. */
  abstract findByRequest(
    work: UnitOfWork,
    projectId: number,
    requestKey: string,
  ): Promise<PayoutFlow | null>;

  /**
   * Claims the flow's signed request and sends its reservation command, together; false (nothing
   * written) when the request already started a flow.
   */
  abstract start(
    work: UnitOfWork,
    flow: PayoutFlow,
    reserve: ReservePayoutFundsV1,
  ): Promise<boolean>;

  /** The flow locked for the rest of the transaction, if it exists. */
  abstract lock(work: UnitOfWork, id: string): Promise<PayoutFlow | null>;

  abstract save(work: UnitOfWork, flow: PayoutFlow): Promise<void>;

  /**
   * In one transaction: locks up to `limit` flows still reserving past their deadline (skipping
   * those another instance holds), lets `expire` decide each and stores them.
   */
  abstract expireDue(limit: number, now: Date, expire: (flow: PayoutFlow) => void): Promise<number>;

  /** The earliest deadline of a flow still reserving, if any (ADR 0065). */
  abstract nextDeadline(): Promise<Date | null>;
}
