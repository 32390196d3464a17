import type { EntityManager, QueryRunner } from 'typeorm';
import { HeldUntilCommit } from '@opp/persistence';
import type { ProcessingRequest } from '../domain/processing-request';

/** Writes the changes of the requests a transaction saved, in it (nothing when none changed). */
export type WriteChanges = (db: EntityManager, requests: ProcessingRequest[]) => Promise<void>;

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
 * The requests a transaction locked, by GlobalId (ADR 0065). A run of task results applies in one
 * transaction (ADR 0065) and often brings several results of one request: the first locks and
 * loads it, the others get the same aggregate (the row stays locked to the commit, so nobody else
 * changed it), and what they all saved is written once, in one statement just before the commit.
 * A rollback forgets what the transaction locked and changed: the next try loads again. A nested
 * TypeORM transaction (a savepoint) first writes what was saved before it and forgets what was
 * locked, so rolling back to it loses only what came after.
 */
export class LockedRequests extends HeldUntilCommit<LockedInTransaction> {
  constructor(private readonly writeChanges: WriteChanges) {
    super();
  }

  /** A transaction's first lock or save: held until its commit (or a savepoint). */
  private inTransaction(db: EntityManager): LockedInTransaction | undefined {
    return this.heldBy(db, () => new LockedInTransaction());
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

  /** At a commit or savepoint: what was saved is written, the locks are forgotten. */
  protected async write(runner: QueryRunner, held: LockedInTransaction): Promise<void> {
    await this.writeChanges(runner.manager, held.saved());
  }
}
