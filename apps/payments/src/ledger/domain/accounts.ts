/**
 * The chart of accounts. Merchant money is credit-normal (what we owe the merchant); the acquirer
 * clearing account is what the card schemes owe us; fees are our revenue.
 */
export const Accounts = {
  merchantAvailable: (projectId: number) => `merchant:${projectId}:available`,
  acquirerClearing: 'acquirer:clearing',
  feeRevenue: 'platform:fee-revenue',
  /** A card hold (verification): the issuer's promise against the funds it froze for us. */
  cardHoldsReceivable: 'acquirer:holds-receivable',
  cardHoldsOutstanding: (projectId: number) => `merchant:${projectId}:holds-outstanding`,
  /** Payouts accepted and not yet settled: out of the available balance, not yet paid (ADR 0060). */
  payoutsReserved: (projectId: number) => `merchant:${projectId}:payouts-reserved`,
  /** A share of completed payments held back for some days (ADR 0027): owed, not available. */
  rollingReserve: (projectId: number) => `merchant:${projectId}:rolling-reserve`,
  /** Chargeback penalties the platform earns (ADR 0028). */
  penaltyRevenue: 'platform:penalty-revenue',
  /** What the payout rail was told to pay out. */
  payoutRailClearing: 'payout-rail:clearing',
} as const;
