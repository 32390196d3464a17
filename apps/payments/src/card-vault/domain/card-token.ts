import { ErrorCode } from '@opp/errors';
import { Refusal } from '@opp/contracts';

export type CardTokenKind = 'temporary' | 'permanent';

/** The state of a stored token that decides whether a charge may use it. */
export interface CardTokenState {
  kind: CardTokenKind;
  expiresAt: Date | null;
  usedAt: Date | null;
}

/**
 * A temporary token is good for one charge within its lifetime; a permanent one (remember=1) for
 * any number of charges. Throws the spec's refusal otherwise (40304 expired, 40305 used).
 */
export function assertUsable(token: CardTokenState, now: Date): void {
  if (token.kind === 'permanent') return;
  if (token.usedAt) {
    throw new Refusal(ErrorCode.CardTokenAlreadyUsed, 'Card token already used');
  }
  if (!token.expiresAt || token.expiresAt.getTime() <= now.getTime()) {
    throw new Refusal(ErrorCode.CardTokenExpired, 'Card token expired');
  }
}

export function temporaryTokenExpiry(now: Date, ttlSeconds: number): Date {
  return new Date(now.getTime() + ttlSeconds * 1000);
}
