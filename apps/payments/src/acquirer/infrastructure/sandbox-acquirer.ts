import type {
  Acquirer,
  AcquirerCard,
  AuthorizationDecision,
  AuthorizationRequest,
  SettlementDecision,
} from '../domain/acquirer';

/** ADR 0006: declines by card number, with the reason the table gives. */
const DECLINES: Readonly<Record<string, string>> = {
  '4000000000000002': 'card declined',
  '4000000000009995': 'insufficient funds',
  '4000000000000069': 'expired card',
  '4000000000000127': 'incorrect security code',
  '4000000000009987': 'lost card',
  '4000000000009979': 'stolen card',
};

const ALWAYS_CHALLENGED = new Set(['4000000000003220', '4000008400001629']);
/** Passes the challenge, then the issuer declines. */
const DECLINED_AFTER_CHALLENGE = '4000008400001629';
const SETTLES_LATER = '4000000000000119';
const BLOCKED = '4100000000000019';

/** Well inside ADR 0006's "settles within 5 seconds", leaving room for the poller's interval. */
export const SANDBOX_SETTLE_AFTER_MS = 2000;

/** The sandbox acquirer of ADR 0006: no bank behind it, the card number decides. */
export class SandboxAcquirer implements Acquirer {
  async isBlocked(card: AcquirerCard): Promise<boolean> {
    return card.number === BLOCKED;
  }

  async requiresChallenge(card: AcquirerCard): Promise<boolean> {
    return ALWAYS_CHALLENGED.has(card.number);
  }

  async authorize({ card }: AuthorizationRequest): Promise<AuthorizationDecision> {
    const reason = DECLINES[card.number];
    if (reason) return { outcome: 'declined', reason };
    if (card.number === DECLINED_AFTER_CHALLENGE)
      return { outcome: 'declined', reason: 'card declined' };
    if (card.number === SETTLES_LATER)
      return { outcome: 'pending', settleAfterMs: SANDBOX_SETTLE_AFTER_MS };
    return { outcome: 'approved' };
  }

  async settle(_card: AcquirerCard): Promise<SettlementDecision> {
    return { outcome: 'approved' };
  }
}
