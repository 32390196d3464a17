import type { EntityManager, QueryRunner } from 'typeorm';
import { HeldUntilCommit } from '@opp/persistence';
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
 * changed it), and what they all saved is written once, just before the commit, like the outbox's
 * held rows (HeldUntilCommit, ADR 0041). A rollback forgets what the transaction locked and
 * changed: the next try loads again. A nested TypeORM transaction (a savepoint) first writes what
 * was saved before it and forgets what was locked, so rolling back to it loses only what came after.
 */
export class LockedRequests extends HeldUntilCommit<Map<string, Locked>> {
  constructor(private readonly writeRequests: WriteRequests) {
    super();
  }

  /** The request this transaction locked before, as it is now; undefined when it did not. */
  get(db: EntityManager, globalId: string): ProcessingRequest | undefined {
    return this.peek(db)?.get(globalId)?.request;
  }

  /** Keeps a request this transaction has just locked and loaded. */
  locked(db: EntityManager, request: ProcessingRequest): void {
    this.heldBy(db, () => new Map())?.set(request.snapshot.globalId, { request, saved: false });
  }

  /**
   * Holds a saved request until the commit; false outside a transaction (autocommit: the caller
   * writes it at once).
   */
  saved(db: EntityManager, request: ProcessingRequest): boolean {
    const entries = this.heldBy(db, () => new Map());
    if (!entries) return false;
    const { globalId } = request.snapshot;
    const other = entries.get(globalId);
    if (other && other.request !== request) {
      throw new Error(`request ${globalId} was loaded twice in one transaction`);
    }
    entries.set(globalId, { request, saved: true });
    return true;
  }

  protected async write(runner: QueryRunner, entries: Map<string, Locked>): Promise<void> {
    const saved = [...entries.values()].filter((e) => e.saved).map((e) => e.request);
    if (saved.length > 0) await this.writeRequests(runner.manager, saved);
  }
}
