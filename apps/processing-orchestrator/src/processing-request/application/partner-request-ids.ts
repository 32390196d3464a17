import type { UnitOfWork } from '@opp/persistence';
import type { ClaimedRequestId } from '../domain/request-id-reuse';

/**
 * Port: the partner's `header.request.id` of each stored request, unique per partner (ADR 0017).
 * A new request's id is claimed by storing the request (`ProcessingRequestStore.add`, ADR 0059).
 */
export abstract class PartnerRequestIds {
  abstract find(
    work: UnitOfWork,
    partner: string,
    requestId: string,
  ): Promise<ClaimedRequestId | null>;
}
