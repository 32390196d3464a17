import type { EntityManager } from 'typeorm';

declare const unitOfWorkBrand: unique symbol;

/**
 * A database transaction as application code sees it (ADR 0031): handed from the handler or the
 * transaction runner to the use case and on to the ports, never looked into. Only adapters in
 * `infrastructure/` turn it back into the connection they write through.
 */
export type UnitOfWork = { readonly [unitOfWorkBrand]: true };

/** For handlers and runners: the inbox's (or a worker's) transaction, handed to a use case. */
export const asUnitOfWork = (tx: EntityManager): UnitOfWork => tx as unknown as UnitOfWork;

/**
 * For handlers whose effect only replaces a read-model row (ADR 0065): no transaction, each
 * statement commits on its own. What waits for a commit (outbox rows, after-commit hooks) happens at once.
 */
export const autocommitWork = (dataSource: { readonly manager: EntityManager }): UnitOfWork =>
  asUnitOfWork(dataSource.manager);

/** For adapters: the transaction a unit of work is. */
export const entityManagerOf = (work: UnitOfWork | EntityManager): EntityManager =>
  work as unknown as EntityManager;

/**
 * Port: runs work in one database transaction of its own (workers and queries that no inbox
 * transaction carries). Committed when `work` resolves, rolled back when it throws.
 */
export abstract class TransactionRunner {
  abstract run<T>(work: (unit: UnitOfWork) => Promise<T>): Promise<T>;
}
