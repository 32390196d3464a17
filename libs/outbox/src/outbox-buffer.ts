import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';
import { insertOutboxRows, type OutboxRow } from './outbox-rows';

/**
 * The outbox rows a transaction wrote, held until just before its commit and then inserted in one
 * statement (ADR 0041): a run of messages pays one outbox INSERT, not one per message.
 *
 * It hooks TypeORM's transaction events of the DataSource, the one place every transaction passes
 * through before its COMMIT, whoever opened it (the inbox, the TransactionRunner, a repository's
 * own `dataSource.transaction`). A rollback drops what was held, so a rolled-back try (ADR 0038)
 * leaves nothing to send. A nested TypeORM transaction (a savepoint) first writes what was held
 * before it, so rolling back to it drops only what came after. A savepoint taken in raw SQL is not
 * seen: rows added after one and rolled back to it would still be written; none of ours does that
 * (the LiveOrderGuard's savepoint, ADR 0014, covers one INSERT INTO transactions).
 */
class OutboxBuffer implements EntitySubscriberInterface {
  private readonly held = new WeakMap<QueryRunner, OutboxRow[]>();

  hold(runner: QueryRunner, rows: readonly OutboxRow[]): void {
    const list = this.held.get(runner) ?? [];
    list.push(...rows);
    this.held.set(runner, list);
  }

  beforeTransactionStart(event: TransactionStartEvent): Promise<void> {
    return this.flush(event.queryRunner); // rows held already: a savepoint follows, write them first
  }

  beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    return this.flush(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.held.delete(event.queryRunner);
  }

  private async flush(runner: QueryRunner): Promise<void> {
    const rows = this.held.get(runner);
    if (!rows) return;
    this.held.delete(runner);
    await insertOutboxRows(runner.manager, rows);
  }
}

const buffers = new WeakMap<DataSource, OutboxBuffer>();

/**
 * Holds the rows for the commit of the transaction `manager` runs in; false outside a transaction
 * (autocommit: the caller writes them at once).
 */
export function holdUntilCommit(manager: EntityManager, rows: readonly OutboxRow[]): boolean {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return false;
  const dataSource = manager.connection;
  let buffer = buffers.get(dataSource);
  if (!buffer) {
    buffer = new OutboxBuffer();
    dataSource.subscribers.push(buffer);
    buffers.set(dataSource, buffer);
  }
  buffer.hold(runner, rows);
  return true;
}
