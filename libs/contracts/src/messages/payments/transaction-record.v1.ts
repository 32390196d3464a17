import type { CardViewV1 } from './card.v1';
import type { UserSnapshotV1 } from './user-snapshot.v1';

/**
 * The transaction statuses of gateway-api.md: what a record's `status` can say, and the values a
 * transaction list can be filtered by.
 */
export const TRANSACTION_STATUSES = [
  'opened',
  'processing',
  'waiting_approval',
  'authenticating',
  'authorized',
  'completed',
  'failed',
  'cancelled',
  'abandoned',
  'refunded',
  'charged_back',
  'retrieved',
  'returned',
  'verified',
] as const;

/** The subscription a recurring charge set up (ADR 0012). */
export interface RecurringViewV1 {
  /** Minimal days between two recurring charges. */
  frequency: number;
  /** Last moment repeated charges are allowed (ISO 8601). */
  endsAt: string;
}

/** The processing task a challenge returns the user to (ADR 0031): its request and its id. */
export interface ChallengeTaskV1 {
  globalId: string;
  taskId: string;
}

/**
 * The 3-D Secure challenge a charge waits for (ADR 0007); where the user posts it is the gateway's.
 * `termUrl` is the merchant's own acs_return_url. A charge run by a processing task returns to
 * that task instead: `returnTo` names it and `termUrl` is empty; the gateway builds the TermUrl,
 * its own acs-return page, from its address (ADR 0031). Records written before have no `returnTo`.
 */
export interface ThreeDsChallengeV1 {
  md: string;
  paReq: string;
  termUrl: string;
  returnTo?: ChallengeTaskV1;
}

/**
 * One transaction as payments knows it, in domain terms (ADR 0031): amounts in integer minor units
 * of `currency` (decimal digits as text, ADR 0021), no public field names, no decimal rendering and
 * no gateway URL. Payments answers it to every charge, authentication, recurring charge, reversal,
 * wallet transaction and transaction query; the gateway renders each public answer from it. A
 * payout answers the transaction queries in this shape too: type `payout`, method its payout type.
 */
export interface TransactionRecordV1 {
  id: number;
  orderId: string | null;
  /** The payment a reversal, a recurring charge or a later movement refers to. */
  referenceId: number | null;
  type: string;
  /** `card` or a wallet method (ADR 0008). */
  method: string;
  status: string;
  originalStatus: string;
  reason: string | null;
  priceMinor: string;
  feeMinor: string;
  currency: string;
  /** Null for a wallet transaction and a payout. */
  card: CardViewV1 | null;
  /** Null for a payout: it has no end user (type `payout`, ADR 0060). */
  user: UserSnapshotV1 | null;
  /** The permanent card token, only when the merchant asked to remember the card. */
  permanentTokenId: string | null;
  recurring: RecurringViewV1 | null;
  /** Set only while the charge waits for the user's 3-D Secure challenge. */
  threeDs: ThreeDsChallengeV1 | null;
  createdAt: string;
  updatedAt: string;
}
