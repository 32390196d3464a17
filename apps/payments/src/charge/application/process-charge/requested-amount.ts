import { ErrorCode } from '@opp/errors';
import { currencyExponent, formatAmount, MoneyError, parseAmount } from '@opp/money';
import { PaymentRefusal } from '../../../shared/payment-refusal';

export interface RequestedAmount {
  minor: bigint;
  currency: string;
  exponent: number;
  /** The amount as exact decimal text in its currency ("10.5" EUR -> "10.50"). */
  text: string;
}

/**
 * ADR 0009: price and currency into exact minor units. An unknown currency or a malformed price is
 * an invalid parameter (40017); more decimals than the currency has is 40018.
 */
export function requestedAmountOf(price: string, currency: string): RequestedAmount {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) {
    throw new PaymentRefusal(ErrorCode.InvalidParameter, `Unknown currency "${currency}"`);
  }
  let minor: bigint;
  try {
    minor = parseAmount(price, currency);
  } catch (error) {
    const message = error instanceof MoneyError ? error.message : 'amount is invalid';
    const code = /decimals/.test(message)
      ? ErrorCode.AmountInvalidForCurrency
      : ErrorCode.InvalidParameter;
    throw new PaymentRefusal(code, `Invalid price: ${message}`);
  }
  return { minor, currency, exponent, text: formatAmount(minor, currency) };
}

/** D-spec: card verification holds 1 EUR whatever price the request carries. */
export const VERIFICATION_AMOUNT: RequestedAmount = {
  minor: 100n,
  currency: 'EUR',
  exponent: 2,
  text: '1.00',
};
