/** The payout types this deployment offers (ADR 0011); ids are stable, merchants store them. */
export const PAYOUT_TYPES = [
  { id: 1, key: 'credit_card', label: 'Credit card' },
  { id: 2, key: 'sepa', label: 'SEPA bank transfer' },
  { id: 3, key: 'e_wallet', label: 'E-wallet' },
] as const;

export type PayoutType = (typeof PAYOUT_TYPES)[number];
export type PayoutTypeKey = PayoutType['key'];

export const payoutTypeById = (id: number): PayoutType | undefined =>
  PAYOUT_TYPES.find((t) => t.id === id);
