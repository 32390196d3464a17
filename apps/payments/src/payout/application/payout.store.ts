import type { PendingMessage } from '@opp/outbox';
import type { UnitOfWork } from '@opp/persistence';
import type { JournalEntry } from '../../ledger/domain/journal-entry';
import type { Payout, PayoutTerms } from '../domain/payout';

export interface NewPayout extends PayoutTerms {
  accountSealed: string | null;
  cardToken: string | null;
  description: string | null;
  /** The processing task that asked for the payout, if any. */
  taskId: string | null;
  /** The signed request that asked for the payout, if any (unique per project). */
  requestKey: string | null;
}

/** Port: payouts, their ledger entries and the messages they publish, in one transaction. */
export abstract class PayoutStore {
  /**
   * The merchant's available balance in a currency, locked until the transaction ends, so that
   * reservations of one merchant are decided one after the other.
   */
  abstract lockAvailable(work: UnitOfWork, projectId: number, currency: string): Promise<bigint>;

  /** The new payout's id, or null when its order id already names a live payout. */
  abstract addIfOrderIdFree(work: UnitOfWork, payout: NewPayout): Promise<number | null>;

  abstract liveIdByOrderId(work: UnitOfWork, projectId: number, orderId: string): Promise<number>;

  abstract lock(work: UnitOfWork, id: number): Promise<Payout | null>;

  /** The payout a signed request already made, if any (committed ones: read after the lock). */
  abstract idByRequestKey(
    work: UnitOfWork,
    projectId: number,
    requestKey: string,
  ): Promise<number | null>;

  /** The payout a processing task already made, if any. */
  abstract idByTaskId(work: UnitOfWork, taskId: string): Promise<number | null>;

  abstract publish(work: UnitOfWork, messages: PendingMessage[]): Promise<void>;

  /** Stores the payout's new state (if given), posts the entry and adds the messages. */
  abstract record(
    work: UnitOfWork,
    change: { payout?: Payout; entry: JournalEntry; messages: PendingMessage[] },
  ): Promise<void>;
}
