import type { UnitOfWork } from '@opp/persistence';
import type { ProcessingRequest } from '../domain/processing-request';

/**
 * Port: processing requests with their task trees. Every change to a request happens while its
 * row is locked (`lock`), so results, timers and resumptions of one request never interleave, on
 * any replica.
 */
export abstract class ProcessingRequestStore {
  /** Stores a new request and all its tasks; a GlobalId stored already (a redelivery) stays as is. */
  abstract add(work: UnitOfWork, request: ProcessingRequest): Promise<void>;

  abstract find(work: UnitOfWork, globalId: string): Promise<ProcessingRequest | null>;

  /**
   * The request and its tasks from one snapshot, outside any unit of work, to answer its status:
   * task payloads (card data, needed only to send commands) are left out (null).
   */
  abstract read(globalId: string): Promise<ProcessingRequest | null>;

  /** Locks the request for this unit of work; with skipLocked, null when someone else holds it. */
  abstract lock(
    work: UnitOfWork,
    globalId: string,
    options?: { skipLocked: boolean },
  ): Promise<ProcessingRequest | null>;

  /** Saves the tasks a transition changed and, if it changed, the request's status. */
  abstract save(work: UnitOfWork, request: ProcessingRequest): Promise<void>;

  /** Up to `limit` requests with a task whose timer is due. */
  abstract due(now: Date, limit: number): Promise<string[]>;

  /** When the next task timer falls due, if any (ADR 0039). */
  abstract nextDueAt(): Promise<Date | null>;
}
