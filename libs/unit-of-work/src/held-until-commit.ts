import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';

/**
 * What a transaction holds in memory until just before its commit, and then writes in it in one go
 * (ADR 0065): the outbox's rows; the orchestrator's locked requests (ADR 0065), whose writes ride
 * the outbox's statement (ADR 0065). Kept per TypeORM query runner and driven by the DataSource's transaction events, the one place every transaction
 * passes through before its COMMIT, whoever opened it (an inbox, a TransactionRunner, a
 * repository's own `dataSource.transaction`). A rollback drops what was held, so a rolled-back try
 * (ADR 0065) leaves nothing behind. A nested TypeORM transaction (a savepoint) first writes what was
 * held before it, so rolling back to it drops only what came after. A savepoint taken in raw SQL is
 * not seen.
 */
export abstract class HeldUntilCommit<T> implements EntitySubscriberInterface {
  private readonly held = new WeakMap<QueryRunner, T>();
  private readonly subscribed = new WeakSet<DataSource>();

  /** Writes what a transaction held, in that transaction. */
  protected abstract write(runner: QueryRunner, held: T): Promise<void>;

  /**
   * What the transaction `manager` runs in holds, made by `create` on first use; undefined outside
   * a transaction (autocommit: the caller writes at once).
   */
  protected heldBy(manager: EntityManager, create: () => T): T | undefined {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return undefined;
    this.subscribeTo(manager.connection);
    let held = this.held.get(runner);
    if (held === undefined) {
      held = create();
      this.held.set(runner, held);
    }
    return held;
  }

  /** What the transaction `manager` runs in holds so far, without making anything. */
  protected peek(manager: EntityManager): T | undefined {
    const runner = manager.queryRunner;
    return runner ? this.held.get(runner) : undefined;
  }

  /** Subscribes to a DataSource's transaction events; after `initialize`, which resets the list. */
  protected subscribeTo(dataSource: DataSource): void {
    if (this.subscribed.has(dataSource)) return;
    dataSource.subscribers.push(this);
    this.subscribed.add(dataSource);
  }

  beforeTransactionStart(event: TransactionStartEvent): Promise<void> {
    return this.flush(event.queryRunner); // held already: a savepoint follows, write them first
  }

  beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    return this.flush(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.held.delete(event.queryRunner);
  }

  private async flush(runner: QueryRunner): Promise<void> {
    const held = this.held.get(runner);
    if (held === undefined) return;
    this.held.delete(runner);
    await this.write(runner, held);
  }
}
