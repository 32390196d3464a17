import type { CardViewV1 } from '@opp/contracts';
import { expiryEnd } from './card-number';

/** A card in the vault: everything but the number is in clear; the number only encrypted. */
export interface VaultCard {
  id: string;
  projectId: number;
  panEncrypted: string;
  firstSix: string;
  lastFour: string;
  panLength: number;
  scheme: string;
  expirationMonth: number;
  expirationYear: number;
  holder: string | null;
  bankName: string;
  country: string;
}

/** The card-response object (full form): last four digits only, never the number. */
export function cardViewOf(card: VaultCard): CardViewV1 {
  return {
    lastFour: card.lastFour,
    mask: '*'.repeat(Math.max(0, card.panLength - 4)) + card.lastFour,
    type: card.scheme,
    scheme: card.scheme,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    expiresAt: expiryEnd(card.expirationMonth, card.expirationYear).toISOString(),
    holder: card.holder,
    bankName: card.bankName,
    country: card.country,
  };
}
