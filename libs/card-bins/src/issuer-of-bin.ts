/**
 * What the platform knows of a card's issuer from its BIN (first 6 digits). One table for the card
 * vault (card views) and the payouts service (payout parameters by the BIN's country, ADR 0011),
 * so both read the same country for a card.
 */
export interface IssuerInfo {
  bankName: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

// A few sandbox BINs with an issuer; any other BIN gets the sandbox default.
const SANDBOX_BINS: Readonly<Record<string, IssuerInfo>> = {
  '424242': { bankName: 'Sandbox Visa Bank', country: 'US' },
  '555555': { bankName: 'Sandbox Mastercard Bank', country: 'GB' },
  '400000': { bankName: 'Sandbox Test Bank', country: 'US' },
  '410000': { bankName: 'Sandbox Risk Bank', country: 'US' },
  '520000': { bankName: 'Sandbox Euro Bank', country: 'DE' },
};
const DEFAULT_ISSUER: IssuerInfo = { bankName: 'Sandbox Bank', country: 'US' };

/** `cardNumberOrBin`: a card number or its first 6 digits. */
export function issuerOfBin(cardNumberOrBin: string): IssuerInfo {
  return SANDBOX_BINS[cardNumberOrBin.slice(0, 6)] ?? DEFAULT_ISSUER;
}
