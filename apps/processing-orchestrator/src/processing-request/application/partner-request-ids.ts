import type { UnitOfWork } from '@opp/persistence';
import type { ClaimedRequestId } from '../domain/request-id-reuse';

/**
 * Port: the partner's `header.request.id` of each stored request, unique per partner (ADR 0017).
 * A new request's id is stored with the request itself (`ProcessingRequestStore.add`).
 */
export abstract class PartnerRequestIds {
  /**
   * Waits until no other unit of work is handling this partner's request id, and holds it to the
   * end of this one, so a concurrent repeat sees the first request once it is stored.
   */
  abstract lock(work: UnitOfWork, partner: string, requestId: string): Promise<void>;

  abstract find(
    work: UnitOfWork,
    partner: string,
    requestId: string,
  ): Promise<ClaimedRequestId | null>;
}
