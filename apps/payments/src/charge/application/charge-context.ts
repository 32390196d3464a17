import type { ChargeUserRefV1, UserSnapshotV1 } from '@opp/contracts';
import type { UnitOfWork } from '@opp/persistence';
import type { RequestLookup } from './transaction.store';

export interface ChargeContextQuery {
  projectId: number;
  idempotencyKey: string;
  /** The order id the charge would hold; null for none (card verifications hold none, ADR 0014). */
  orderId: string | null;
  /** Who pays, when the command names them by reference instead of sending them (ADR 0065). */
  userRef?: ChargeUserRefV1;
}

/** What a card charge knows before it decides anything. */
export interface ChargeContext extends RequestLookup {
  /** The payer of `userRef` from the users read model; null when it is unknown or not asked for. */
  payer: UserSnapshotV1 | null;
  /**
   * The id a new charge will be inserted with, so that its first move (postings, 3-D Secure data)
   * can name it; taken from the sequence only when neither `earlier` nor `live` was found.
   */
  id: number | null;
}

/**
 * Port, ADR 0065: everything a card charge reads before it decides, in one round trip: the
 * request's earlier result, the order's live payment (ADR 0014), the payer (ADR 0065) and the id.
 */
export abstract class ChargeContextReader {
  abstract read(work: UnitOfWork, query: ChargeContextQuery): Promise<ChargeContext>;
}
