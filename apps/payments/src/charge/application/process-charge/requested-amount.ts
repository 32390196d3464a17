import { ErrorCode } from '@opp/errors';
import { currencyExponent, formatAmount, MoneyError, parseAmount } from '@opp/money';
import type { ChargeAmount } from '../../domain/charge-terms';
import { Refusal } from '@opp/contracts';

/** The amount as exact decimal text in its currency ("10.5" EUR -> "10.50") with its minor units. */
export type RequestedAmount = ChargeAmount;

function exponentOf(currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) {
    throw new Refusal(ErrorCode.InvalidParameter, `Unknown currency "${currency}"`);
  }
  return exponent;
}

/** An amount the sender already checked, in minor units of a currency we know (ADR 0032). */
export function amountInMinor(minor: string, currency: string): RequestedAmount {
  const exponent = exponentOf(currency);
  const value = BigInt(minor);
  return { minor: value, currency, exponent, text: formatAmount(value, currency) };
}

/**
 * ADR 0009: decimal text that reaches payments as text (a reversal's amount, a recurring charge's
 * price, a processing task's fields) into exact minor units. An unknown currency or a malformed
 * amount is an invalid parameter (40017); more decimals than the currency has is 40018.
 */
export function requestedAmountOf(price: string, currency: string): RequestedAmount {
  const exponent = exponentOf(currency);
  let minor: bigint;
  try {
    minor = parseAmount(price, currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const code = error.tooPrecise ? ErrorCode.AmountInvalidForCurrency : ErrorCode.InvalidParameter;
    throw new Refusal(code, `Invalid price: ${error.message}`);
  }
  return { minor, currency, exponent, text: formatAmount(minor, currency) };
}
