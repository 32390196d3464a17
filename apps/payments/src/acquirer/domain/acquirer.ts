/** The card as an acquirer sees it; only ever held in memory for the length of one decision. */
export interface AcquirerCard {
  number: string;
  expirationMonth: number;
  expirationYear: number;
  /** Present only while a temporary token is being consumed. */
  securityCode?: string;
}

export interface AuthorizationRequest {
  card: AcquirerCard;
  amountMinor: bigint;
  currency: string;
  /** True once the cardholder passed a 3-D Secure challenge. */
  authenticated: boolean;
}

export type AuthorizationDecision =
  | { outcome: 'approved' }
  | { outcome: 'declined'; reason: string }
  /** Accepted, settled later: the acquirer's final word comes from `settle` after `settleAfterMs`. */
  | { outcome: 'pending'; settleAfterMs: number };

export type SettlementDecision = { outcome: 'approved' } | { outcome: 'declined'; reason: string };

/**
 * What payments needs from a card acquirer. The sandbox implements it by card number (ADR 0006); a
 * real connector would call its bank. Every call is async for that reason.
 */
export interface Acquirer {
  /** Risk screening before anything else: a blocked card is refused (40309), not declined. */
  isBlocked(card: AcquirerCard): Promise<boolean>;
  /** 3-D Secure enrollment: whether the issuer insists on a challenge for this card. */
  requiresChallenge(card: AcquirerCard): Promise<boolean>;
  authorize(request: AuthorizationRequest): Promise<AuthorizationDecision>;
  /** The capture-like decision on a pending authorization. */
  settle(card: AcquirerCard): Promise<SettlementDecision>;
}
