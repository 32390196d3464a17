import type {
  DataSource,
  EntityManager,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { HeldUntilCommit } from '@opp/unit-of-work';
import { insertOutboxRows, type InboxResult, type OutboxRow } from './outbox-rows';

/** Rows a transaction wrote, by `seq`, as they were given. */
export interface WrittenRows {
  seqs: string[];
  rows: OutboxRow[];
}

/**
 * Sends a committed transaction's rows itself (ADR 0065): the relay, while it runs. `holdMs()` is
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

/** What a transaction holds for its commit: its outbox rows and its inbox run's results. */
interface Held {
  rows: OutboxRow[];
  results: InboxResult[];
}

/**
 * The outbox rows a transaction wrote, held until just before its commit and then inserted in one
 * statement with the inbox results of the transaction's run (ADR 0065): a run of messages pays one
 * statement for them all, not one INSERT per message and an UPDATE for the results. A rollback
 * drops them (HeldUntilCommit). Once the transaction has committed, the rows go to the sender, if
 * one runs, which sends them at once (ADR 0065); until then they are held from the relay, which takes them only if the sender
 * fails or the process dies. Rows written before a savepoint that was then rolled back are
 * released to the relay rather than sent from memory, since some of them may be gone (none of ours
 * rolls back a TypeORM savepoint after writing to the outbox; the LiveOrderGuard's raw SQL
 * savepoint, ADR 0014, covers one INSERT INTO transactions).
 */
class OutboxBuffer extends HeldUntilCommit<Held> {
  private readonly written = new WeakMap<QueryRunner, Written>();
  sender: CommittedRowsSender | undefined;

  /** False outside a transaction. */
  hold(manager: EntityManager, rows: readonly OutboxRow[], results: readonly InboxResult[] = []) {
    const held = this.heldBy(manager, () => ({ rows: [], results: [] }));
    held?.rows.push(...rows);
    held?.results.push(...results);
    return held !== undefined;
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

  override afterTransactionRollback(event: TransactionRollbackEvent): void {
    super.afterTransactionRollback(event);
    const runner = event.queryRunner;
    const written = this.written.get(runner);
    if (!written) return;
    if (runner.isTransactionActive) written.partlyRolledBack = true;
    else this.written.delete(runner);
  }

  protected async write(runner: QueryRunner, { rows, results }: Held): Promise<void> {
    const holdMs = rows.length === 0 ? undefined : this.sender?.holdMs();
    const seqs = await insertOutboxRows(runner.manager, rows, holdMs, results);
    if (holdMs === undefined) return;
    const written = this.written.get(runner);
    if (written) {
      written.seqs.push(...seqs);
      written.rows.push(...rows);
    } else {
      this.written.set(runner, { seqs, rows, partlyRolledBack: false });
    }
  }
}

const buffers = new WeakMap<DataSource, OutboxBuffer>();

function bufferOf(dataSource: DataSource): OutboxBuffer {
  let buffer = buffers.get(dataSource);
  if (!buffer) {
    buffer = new OutboxBuffer();
    buffers.set(dataSource, buffer);
  }
  return buffer;
}

/**
 * Holds outbox rows, and an inbox run's results, for the commit of the transaction `manager` runs
 * in, written there in one statement; false outside a transaction (autocommit: the caller writes
 * them at once).
 */
export function holdUntilCommit(
  manager: EntityManager,
  rows: readonly OutboxRow[],
  results: readonly InboxResult[] = [],
): boolean {
  if (!manager.queryRunner?.isTransactionActive) return false;
  return bufferOf(manager.connection).hold(manager, rows, results);
}

/** Who sends the committed rows of this DataSource's transactions (ADR 0065); none: the relay. */
export function sendCommittedRowsWith(
  dataSource: DataSource,
  sender: CommittedRowsSender | undefined,
): void {
  bufferOf(dataSource).sender = sender;
}
