import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import type { Transaction } from '../domain/transaction';
import { Refusal } from '@opp/contracts';

/** Where a charge may roll back to when its order id turns out to be taken. */
export interface OrderSavepoint {
  readonly name: 'charge_order_id';
}

/**
 * Port, ADR 0014: an order id names at most one live payment of a project. A taken order id is
 * refused (40501) with nothing written: a wallet transaction's plain insert fails on the unique
 * index, and the guard rolls it back to a savepoint so the inbox transaction still commits. A card
 * charge needs no savepoint: its insert yields to the index without an error (ADR 0065) and it
 * answers with `orderTaken` alone.
 */
export abstract class LiveOrderGuard {
  /** The cheap early answer, when the live payment is already committed. */
  abstract refuseIfTaken(work: UnitOfWork, projectId: number, orderId?: string): Promise<void>;

  abstract savepoint(work: UnitOfWork): Promise<OrderSavepoint>;

  /** Undoes everything since the savepoint (a card charge whose insert found its order taken). */
  abstract rollbackTo(work: UnitOfWork, savepoint: OrderSavepoint): Promise<void>;

  /** Awaits the insert of a charge; a taken order id undoes everything since the savepoint. */
  abstract insert(
    work: UnitOfWork,
    savepoint: OrderSavepoint,
    order: { projectId: number; orderId?: string },
    inserting: Promise<Transaction>,
  ): Promise<Transaction>;
}

/** ADR 0014: 405 40501, naming the order's live payment when it is known. */
export const orderTaken = (live?: Transaction): Refusal =>
  new Refusal(
    ErrorCode.TransactionAlreadyCompleted,
    live
      ? `Transaction already completed: order_id names transaction ${live.id}`
      : 'Transaction already completed',
  );
