import type { ListTransactionsV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import type { JournalEntry } from '../../ledger/domain/journal-entry';
import type {
  DecidedTransaction,
  NewTransaction,
  Transaction,
  TransactionStatus,
} from '../domain/transaction';
import type { TransactionChange } from '../domain/transaction-aggregate';

export type { TransactionChange };

/** A status change whose transaction was no longer in the status the change was decided from. */
export class StaleTransactionError extends Error {
  constructor(id: number, expected: TransactionStatus) {
    super(`transaction ${id} is no longer ${expected}; the change is refused`);
    this.name = 'StaleTransactionError';
  }
}

/** What a charge request finds before it writes: its own earlier result, the order's live payment. */
export interface RequestLookup {
  earlier?: Transaction;
  live?: Transaction;
}

/** Port: the transactions of this service (charges, wallet payments and their later movements). */
export abstract class TransactionStore {
  /**
   * ADR 0065: a charge's one insert, in its decided status, with its first move's postings (one
   * statement). Undefined, with nothing written, when the request (project, idempotency key) or
   * the order's live payment (ADR 0014) already has a row: a concurrent one waits for that row's
   * transaction to end first.
   */
  abstract insertOnce(
    work: UnitOfWork,
    t: DecidedTransaction,
    postings: readonly JournalEntry[],
  ): Promise<Transaction | undefined>;

  /**
   * In one look-up: the transaction this request (project, idempotency key) already made, and the
   * live payment of the order id when one is given (ADR 0014).
   */
  abstract findForRequest(
    work: UnitOfWork,
    projectId: number,
    idempotencyKey: string,
    orderId: string | null,
  ): Promise<RequestLookup>;

  /** Inserted as `opened`: the caller moves it on in the same unit of work. */
  abstract insert(work: UnitOfWork, t: NewTransaction): Promise<Transaction>;

  /**
   * The transaction's own change (`original_status` follows `status`), made only while the row
   * still has `expectedStatus`: a change decided on a stale read fails with StaleTransactionError.
   */
  abstract update(
    work: UnitOfWork,
    id: number,
    expectedStatus: TransactionStatus,
    change: TransactionChange,
  ): Promise<Transaction>;

  abstract findByIdempotencyKey(
    work: UnitOfWork,
    projectId: number,
    key: string,
  ): Promise<Transaction | undefined>;

  /** Locks the charge waiting on this MD: a second authenticate waits, then sees it finished. */
  abstract lockByMd(
    work: UnitOfWork,
    projectId: number,
    md: string,
  ): Promise<Transaction | undefined>;

  /** Locks one transaction for a decision on it (a wallet checkout, a dispute). */
  abstract lockById(work: UnitOfWork, id: number): Promise<Transaction | undefined>;

  abstract findById(work: UnitOfWork, id: number): Promise<Transaction | undefined>;

  /** ADR 0014: the order's live payment when there is one, else its latest transaction. */
  abstract findLatestByOrderId(
    work: UnitOfWork,
    projectId: number,
    orderId: string,
  ): Promise<Transaction | undefined>;

  /**
   * Locks a payment of the project to reverse it: by id, or the order's live payment, else its
   * latest payment (ADR 0014). Concurrent reversals of one payment queue on this lock.
   */
  abstract lockPaymentForReversal(
    work: UnitOfWork,
    projectId: number,
    by: { id?: number; orderId?: string },
  ): Promise<Transaction | undefined>;

  /** A payment's later effect: its status and reversed total; `original_status` and `updated_at` stay. */
  abstract recordReversal(
    work: UnitOfWork,
    payment: Transaction,
    after: { status: TransactionStatus; reversedMinor: bigint },
  ): Promise<void>;

  /**
   * A payment's later effect without a reversed amount (a chargeback, a retrieval, ADR 0028):
   * `status` alone; `original_status` and `updated_at` stay.
   */
  abstract recordLaterEffect(
    work: UnitOfWork,
    payment: Transaction,
    status: TransactionStatus,
  ): Promise<void>;

  /** The order's live payment (ADR 0014), if any. */
  abstract findLivePayment(
    work: UnitOfWork,
    projectId: number,
    orderId: string,
  ): Promise<Transaction | undefined>;

  /** Processing charges whose settlement time has come; rows others hold are skipped. */
  abstract lockDueForSettlement(work: UnitOfWork, limit: number): Promise<Transaction[]>;

  /** When the next processing charge falls due for settlement, if any (ADR 0065). */
  abstract nextSettlementAt(work: UnitOfWork): Promise<Date | null>;

  /** One page of an order's transactions, by id, narrowed by the query's filters. */
  abstract list(work: UnitOfWork, query: ListTransactionsV1): Promise<Transaction[]>;
}
