import { ErrorCode } from '@opp/errors';
import { feeFor, type FeeSettings } from './fee';
import type { TransactionType } from './transaction';
import { Refusal } from '@opp/contracts';

/** An amount in minor units of its currency, with the exact decimal text of it. */
export interface ChargeAmount {
  minor: bigint;
  currency: string;
  exponent: number;
  text: string;
}

/** D-spec: card verification holds 1 EUR whatever price the request carries. */
export const VERIFICATION_AMOUNT: ChargeAmount = {
  minor: 100n,
  currency: 'EUR',
  exponent: 2,
  text: '1.00',
};

/** What a card charge will be, decided before the card is touched. */
export interface ChargeTerms {
  type: Extract<TransactionType, 'payment' | 'verification'>;
  amount: ChargeAmount;
  feeMinor: bigint;
}

/**
 * The rules a card charge must pass before anything is written (ADR 0065; they sat in the use
 * case before): remembering a card only where the project allows it (40312), an amount above
 * zero (40017); a verification holds VERIFICATION_AMOUNT and costs no fee.
 */
export function chargeTermsOf(
  request: { verifyCard: boolean; remember: boolean; requested: ChargeAmount },
  settings: FeeSettings & { rememberEnabled: boolean },
): ChargeTerms {
  if (request.remember && !settings.rememberEnabled) {
    throw new Refusal(
      ErrorCode.CardRememberingDisabled,
      'Card remembering disabled for the project',
    );
  }
  if (request.verifyCard) {
    return { type: 'verification', amount: VERIFICATION_AMOUNT, feeMinor: 0n };
  }
  const amount = request.requested;
  if (amount.minor === 0n) {
    throw new Refusal(ErrorCode.InvalidParameter, 'Invalid price: it must be above zero');
  }
  return { type: 'payment', amount, feeMinor: feeFor(amount.minor, amount.exponent, settings) };
}
