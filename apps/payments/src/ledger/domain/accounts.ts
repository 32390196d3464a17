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
} as const;
