/**
 * Card data (number, expiry, security code, holder) never travels in clear: the gateway seals it to
 * the payments service's public key for the message's project (docs/security/card-data.md) and
 * only payments opens it. A sealed box is short text; 4096 leaves room for any holder name.
 */
export const SEALED_CARD_MAX_LENGTH = 4096;

/** Card-response object of the spec (full form in payment responses). */
export interface CardViewV1 {
  lastFour: string;
  mask: string;
  /** Deprecated by the spec in favour of `scheme`; same value. */
  type: string;
  scheme: string;
  expirationMonth: number;
  expirationYear: number;
  expiresAt?: string;
  holder?: string | null;
  bankName?: string;
  country?: string;
}
