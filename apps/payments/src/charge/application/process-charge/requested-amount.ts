import { ErrorCode } from '@opp/errors';
import { currencyExponent, formatAmount, parseChargePrice } from '@opp/money';
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

/** An amount the sender already checked, in minor units of a currency we know (ADR 0031). */
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
  // The shared rule of a charge's price (also the gateway's); the wording is payments' own.
  const parsed = parseChargePrice(price, currency, { allowZero: true });
  if (!parsed.ok) {
    const failure = parsed.failure;
    switch (failure.reason) {
      case 'price-too-precise':
        throw new Refusal(ErrorCode.AmountInvalidForCurrency, `Invalid price: ${failure.message}`);
      case 'price-malformed':
        throw new Refusal(ErrorCode.InvalidParameter, `Invalid price: ${failure.message}`);
      case 'currency-unknown':
        throw new Refusal(ErrorCode.InvalidParameter, `Unknown currency "${currency}"`);
      case 'price-missing':
      case 'currency-missing':
      case 'price-zero':
        // Both are given and zero is allowed here: unreachable, kept for the exhaustive switch.
        throw new Refusal(ErrorCode.InvalidParameter, `Invalid price: ${failure.reason}`);
    }
  }
  const { minor } = parsed.value;
  return { minor, currency, exponent: exponentOf(currency), text: formatAmount(minor, currency) };
}
