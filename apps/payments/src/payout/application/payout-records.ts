import type { ListTransactionsV1, TransactionRecordV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';

/**
 * Port: payouts as transactions of type `payout` to the merchant's transaction queries (ADR 0060),
 * in the record every query answers (ADR 0031).
 */
export abstract class PayoutRecords {
  abstract findById(
    work: UnitOfWork,
    projectId: number,
    id: number,
  ): Promise<TransactionRecordV1 | null>;

  /** The order id's live payout (reserved or completed), else its latest one (ADR 0014). */
  abstract findByOrderId(
    work: UnitOfWork,
    projectId: number,
    orderId: string,
  ): Promise<TransactionRecordV1 | null>;

  /**
   * The project's payouts with the order id that pass the list's filters, oldest first: the first
   * `count` of them (the caller pages the merge with payments' other transactions).
   */
  abstract listFirst(
    work: UnitOfWork,
    query: ListTransactionsV1,
    count: number,
  ): Promise<TransactionRecordV1[]>;
}
