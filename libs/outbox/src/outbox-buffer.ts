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

/** Rows a transaction wrote, by `seq`, as they were given. */
export interface WrittenRows {
  seqs: string[];
  rows: OutboxRow[];
}

/**
 * Sends a committed transaction's rows itself (ADR 0044): the relay, while it runs. `holdMs()` is
 * how long the relay must leave such rows alone, or undefined when it does not take them now.
 */
export interface CommittedRowsSender {
  holdMs(): number | undefined;
  sendCommitted(written: WrittenRows): void;
  /** Rows that were held but will not be sent by the writer: they are the relay's at once. */
  release(seqs: readonly string[]): void;
}

interface Written extends WrittenRows {
  /** A savepoint was rolled back after some of these rows were written: some may not exist. */
  partlyRolledBack: boolean;
}

/**
 * The outbox rows a transaction wrote, held until just before its commit and then inserted in one
 * statement (ADR 0041): a run of messages pays one outbox INSERT, not one per message. Once the
 * transaction has committed, the rows go to the sender, if one runs, which sends them at once
 * (ADR 0044); until then they are held from the relay, which takes them only if the sender fails
 * or the process dies.
 *
 * It hooks TypeORM's transaction events of the DataSource, the one place every transaction passes
 * through before its COMMIT, whoever opened it (the inbox, the TransactionRunner, a repository's
 * own `dataSource.transaction`). A rollback drops what was held, so a rolled-back try (ADR 0038)
 * leaves nothing to send. A nested TypeORM transaction (a savepoint) first writes what was held
 * before it, so rolling back to it drops only what came after; rows written before such a rollback
 * are released to the relay rather than sent from memory, since some of them may be gone. A
 * savepoint taken in raw SQL is not seen: rows added after one and rolled back to it would still be
 * written; none of ours does that (the LiveOrderGuard's savepoint, ADR 0014, covers one INSERT INTO
 * transactions).
 */
class OutboxBuffer implements EntitySubscriberInterface {
  private readonly held = new WeakMap<QueryRunner, OutboxRow[]>();
  private readonly written = new WeakMap<QueryRunner, Written>();
  sender: CommittedRowsSender | undefined;

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

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // a savepoint released, not the commit
    const written = this.written.get(runner);
    if (!written) return;
    this.written.delete(runner);
    const sender = this.sender;
    if (!sender) return; // stopped since: the rows are the relay's once their hold runs out
    if (written.partlyRolledBack) sender.release(written.seqs);
    else sender.sendCommitted(written);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const runner = event.queryRunner;
    this.held.delete(runner);
    const written = this.written.get(runner);
    if (!written) return;
    if (runner.isTransactionActive) written.partlyRolledBack = true;
    else this.written.delete(runner);
  }

  private async flush(runner: QueryRunner): Promise<void> {
    const rows = this.held.get(runner);
    if (!rows) return;
    this.held.delete(runner);
    const holdMs = this.sender?.holdMs();
    const seqs = await insertOutboxRows(runner.manager, rows, holdMs);
    if (holdMs === undefined) return;
    const written = this.written.get(runner);
    if (written) {
      written.seqs.push(...seqs);
      written.rows.push(...rows);
    } else {
      this.written.set(runner, { seqs, rows: [...rows], partlyRolledBack: false });
    }
  }
}

const buffers = new WeakMap<DataSource, OutboxBuffer>();

function bufferOf(dataSource: DataSource): OutboxBuffer {
  let buffer = buffers.get(dataSource);
  if (!buffer) {
    buffer = new OutboxBuffer();
    dataSource.subscribers.push(buffer);
    buffers.set(dataSource, buffer);
  }
  return buffer;
}

/**
 * Holds the rows for the commit of the transaction `manager` runs in; false outside a transaction
 * (autocommit: the caller writes them at once).
 */
export function holdUntilCommit(manager: EntityManager, rows: readonly OutboxRow[]): boolean {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return false;
  bufferOf(manager.connection).hold(runner, rows);
  return true;
}

/** Who sends the committed rows of this DataSource's transactions (ADR 0044); none: the relay. */
export function sendCommittedRowsWith(
  dataSource: DataSource,
  sender: CommittedRowsSender | undefined,
): void {
  bufferOf(dataSource).sender = sender;
}
