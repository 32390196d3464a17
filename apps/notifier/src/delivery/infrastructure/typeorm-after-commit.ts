import { Injectable } from '@nestjs/common';
import {
  DataSource,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@opp/persistence';
import { AfterCommit } from '../application/after-commit';

type Outcome = { committed(): void; rolledBack(): void };

/**
 * TypeORM's transaction events, per query runner: the outermost COMMIT (not a savepoint's release)
 * runs what was registered in the transaction, a ROLLBACK drops it. Outside a transaction the
 * statement already committed, so it runs at once.
 */
@Injectable()
export class TypeormAfterCommit extends AfterCommit implements EntitySubscriberInterface {
  private readonly waiting = new WeakMap<QueryRunner, Outcome[]>();

  constructor(dataSource: DataSource) {
    super();
    dataSource.subscribers.push(this);
  }

  register(work: UnitOfWork, outcome: Outcome): void {
    const runner = entityManagerOf(work).queryRunner;
    if (!runner?.isTransactionActive) {
      outcome.committed();
      return;
    }
    const list = this.waiting.get(runner) ?? [];
    list.push(outcome);
    this.waiting.set(runner, list);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (event.queryRunner.isTransactionActive) return; // a savepoint, not the commit
    for (const outcome of this.take(event.queryRunner)) outcome.committed();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (event.queryRunner.isTransactionActive) return;
    for (const outcome of this.take(event.queryRunner)) outcome.rolledBack();
  }

  private take(runner: QueryRunner): Outcome[] {
    const list = this.waiting.get(runner) ?? [];
    this.waiting.delete(runner);
    return list;
  }
}
