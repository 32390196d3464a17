import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';
import type { ProcessingRequest } from '../domain/processing-request';

/** Writes the changes of the requests a transaction saved, in that transaction. */
export type WriteRequests = (db: EntityManager, requests: ProcessingRequest[]) => Promise<void>;

interface Locked {
  request: ProcessingRequest;
  /** Saved since it was loaded: written before the commit. */
  saved: boolean;
}

/**
 * The requests a transaction locked, by GlobalId (ADR 0043). A run of task results applies in one
 * transaction (ADR 0038) and often brings several results of one request: the first locks and
 * loads it, the others get the same aggregate (the row stays locked to the commit, so nobody else
 * changed it), and what they all saved is written once, just before the commit.
 *
 * It hooks TypeORM's transaction events of the DataSource, as the outbox's held rows do (ADR 0041):
 * the commit of every transaction passes through them, whoever opened it. A rollback forgets what
 * the transaction locked and changed: the next try loads again. A nested TypeORM transaction (a
 * savepoint) first writes what was saved before it and forgets what was locked, so rolling back
 * to it loses only what came after.
 */
export class LockedRequests implements EntitySubscriberInterface {
  private readonly held = new WeakMap<QueryRunner, Map<string, Locked>>();
  private readonly subscribed = new WeakSet<DataSource>();

  constructor(private readonly write: WriteRequests) {}

  /** The request this transaction locked before, as it is now; undefined when it did not. */
  get(db: EntityManager, globalId: string): ProcessingRequest | undefined {
    const runner = db.queryRunner;
    return runner ? this.held.get(runner)?.get(globalId)?.request : undefined;
  }

  /** Keeps a request this transaction has just locked and loaded. */
  locked(db: EntityManager, request: ProcessingRequest): void {
    this.entries(db)?.set(request.snapshot.globalId, { request, saved: false });
  }

  /**
   * Holds a saved request until the commit; false outside a transaction (autocommit: the caller
   * writes it at once).
   */
  saved(db: EntityManager, request: ProcessingRequest): boolean {
    const entries = this.entries(db);
    if (!entries) return false;
    const { globalId } = request.snapshot;
    const other = entries.get(globalId);
    if (other && other.request !== request) {
      throw new Error(`request ${globalId} was loaded twice in one transaction`);
    }
    entries.set(globalId, { request, saved: true });
    return true;
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

  /** This transaction's requests; undefined outside a transaction. */
  private entries(db: EntityManager): Map<string, Locked> | undefined {
    const runner = db.queryRunner;
    if (!runner?.isTransactionActive) return undefined;
    if (!this.subscribed.has(db.connection)) {
      // Subscribed on first use: DataSource.initialize replaces the list it starts from.
      db.connection.subscribers.push(this);
      this.subscribed.add(db.connection);
    }
    let entries = this.held.get(runner);
    if (!entries) {
      entries = new Map();
      this.held.set(runner, entries);
    }
    return entries;
  }

  private async flush(runner: QueryRunner): Promise<void> {
    const entries = this.held.get(runner);
    if (!entries) return;
    this.held.delete(runner);
    const saved = [...entries.values()].filter((e) => e.saved).map((e) => e.request);
    if (saved.length > 0) await this.write(runner.manager, saved);
  }
}
