import type { UnitOfWork } from '@opp/persistence';
import type { ProcessingRequest } from '../domain/processing-request';
import type { RequestIdClaim } from '../domain/request-id-reuse';

/**
 * Port: processing requests with their task trees. Every change to a request happens while its
 * row is locked (`lock`), so results, timers and resumptions of one request never interleave, on
 * any replica. Within one unit of work a request is one aggregate: locked and loaded the first
 * time, handed back as it is after that, and its saved changes stored together before the unit of
 * work commits (ADR 0065).
 */
export abstract class ProcessingRequestStore {
  /**
   * Stores a new request, the partner's request id it claims (ADR 0017) and all its tasks, and
   * answers true. Answers false and stores nothing when its GlobalId (a redelivery) or the
   * partner's request id is stored already; while another unit of work is storing either, waits
   * for it to end (ADR 0059).
   */
  abstract add(
    work: UnitOfWork,
    request: ProcessingRequest,
    claim: RequestIdClaim,
  ): Promise<boolean>;

  /** The request as stored, or as this unit of work changed it if it locked it. */
  abstract find(work: UnitOfWork, globalId: string): Promise<ProcessingRequest | null>;

  /**
   * The request and its tasks from one snapshot, outside any unit of work, to answer its status:
   * task payloads (card data, needed only to send commands) are left out (null).
   */
  abstract read(globalId: string): Promise<ProcessingRequest | null>;

  /**
   * Locks the request for this unit of work; with skipLocked, null when someone else holds it. A
   * request this unit of work locked before comes back as it is, with the changes made to it.
   */
  abstract lock(
    work: UnitOfWork,
    globalId: string,
    options?: { skipLocked: boolean },
  ): Promise<ProcessingRequest | null>;

  /**
   * Saves the tasks a transition changed and, if it changed, the request's status: stored before
   * the unit of work commits, with every other change it saved (one write however many there are);
   * dropped if it rolls back.
   */
  abstract save(work: UnitOfWork, request: ProcessingRequest): Promise<void>;

  /** Up to `limit` requests with a task whose timer is due. */
  abstract due(now: Date, limit: number): Promise<string[]>;

  /** When the next task timer falls due, if any (ADR 0065). */
  abstract nextDueAt(): Promise<Date | null>;
}
