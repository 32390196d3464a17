import type { EntityManager } from 'typeorm';
import { holdWriteUntilCommit, type CommonTableWrite } from '@opp/outbox';
import { HeldUntilCommit } from '@opp/persistence';
import type { ProcessingRequest } from '../domain/processing-request';

/** What the changes of saved requests write (null: nothing changed). */
export type ChangesOf = (requests: ProcessingRequest[]) => CommonTableWrite | null;

interface Locked {
  request: ProcessingRequest;
  /** Saved since it was loaded: written before the commit. */
  saved: boolean;
}

/** The requests one transaction locked. */
class LockedInTransaction {
  readonly requests = new Map<string, Locked>();

  saved(): ProcessingRequest[] {
    return [...this.requests.values()].filter((e) => e.saved).map((e) => e.request);
  }
}

/**
 * The requests a transaction locked, by GlobalId (ADR 0043). A run of task results applies in one
 * transaction (ADR 0038) and often brings several results of one request: the first locks and
 * loads it, the others get the same aggregate (the row stays locked to the commit, so nobody else
 * changed it), and what they all saved is written once, just before the commit, in the statement
 * of the transaction's outbox rows (ADR 0058). A rollback forgets what the transaction locked and
 * changed: the next try loads again. A nested TypeORM transaction (a savepoint) first writes what
 * was saved before it (the outbox's statement is made then) and forgets what was locked, so
 * rolling back to it loses only what came after.
 */
export class LockedRequests extends HeldUntilCommit<LockedInTransaction> {
  constructor(private readonly changesOf: ChangesOf) {
    super();
  }

  /**
   * A transaction's first lock or save: its write is held with the outbox's from then on, asked at
   * the commit (or a savepoint) for what the transaction saved; nothing saved, nothing written.
   */
  private inTransaction(db: EntityManager): LockedInTransaction | undefined {
    return this.heldBy(db, () => {
      const held = new LockedInTransaction();
      holdWriteUntilCommit(db, () => this.changesOf(held.saved()));
      return held;
    });
  }

  /** The request this transaction locked before, as it is now; undefined when it did not. */
  get(db: EntityManager, globalId: string): ProcessingRequest | undefined {
    return this.peek(db)?.requests.get(globalId)?.request;
  }

  /** Keeps a request this transaction has just locked and loaded. */
  locked(db: EntityManager, request: ProcessingRequest): void {
    this.inTransaction(db)?.requests.set(request.snapshot.globalId, { request, saved: false });
  }

  /**
   * Holds a saved request until the commit; false outside a transaction (autocommit: the caller
   * writes it at once).
   */
  saved(db: EntityManager, request: ProcessingRequest): boolean {
    const held = this.inTransaction(db);
    if (!held) return false;
    const { globalId } = request.snapshot;
    const other = held.requests.get(globalId);
    if (other && other.request !== request) {
      throw new Error(`request ${globalId} was loaded twice in one transaction`);
    }
    held.requests.set(globalId, { request, saved: true });
    return true;
  }

  /** The outbox's statement writes what was saved: at a commit or savepoint, the locks are forgotten. */
  protected async write(): Promise<void> {}
}
