import { currencyExponent } from '../currency-exponents';
import { MoneyError } from '../money-error';
import { parseAmount } from '../parse-amount';

/**
 * The rules of a charge's fields, in one place for both edges that read them: POST /v1/card/process
 * (and the recurring routes' price) in the gateway, and a processing task's payload in payments,
 * which only sees the payload after the orchestrator expanded the partner's templates. Each edge
 * extracts the raw values its own way, calls these, and maps a failure to its own code and wording.
 */

/** Why a price and currency are not a chargeable amount. */
export type ChargePriceFailure =
  | { reason: 'price-missing' }
  | { reason: 'currency-missing' }
  | { reason: 'currency-unknown'; currency: string }
  /** Not a plain decimal (or otherwise unreadable); `message` says how. */
  | { reason: 'price-malformed'; message: string }
  /** More decimals than the currency has (ADR 0009: its own code, 40018). */
  | { reason: 'price-too-precise'; message: string }
  | { reason: 'price-zero' };

/** A price as sent, its currency, and the same amount in minor units of that currency. */
export interface ChargePrice {
  price: string;
  currency: string;
  minor: bigint;
}

export type ChargeFieldsResult<T, F> = { ok: true; value: T } | { ok: false; failure: F };

/**
 * ADR 0009: `price` and `currency` are both required, the currency one we know, the price a plain
 * decimal with no more decimals than the currency has; zero only when `allowZero` (card
 * verification sets its own amount). Values are taken as given (undefined is missing): trimming
 * and reading empty text as absent are the edge's reading.
 */
export function parseChargePrice(
  price: string | undefined,
  currency: string | undefined,
  options: { allowZero?: boolean } = {},
): ChargeFieldsResult<ChargePrice, ChargePriceFailure> {
  if (price === undefined) return { ok: false, failure: { reason: 'price-missing' } };
  if (currency === undefined) return { ok: false, failure: { reason: 'currency-missing' } };
  if (currencyExponent(currency) === undefined) {
    return { ok: false, failure: { reason: 'currency-unknown', currency } };
  }
  let minor: bigint;
  try {
    minor = parseAmount(price, currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const reason = error.tooPrecise ? 'price-too-precise' : 'price-malformed';
    return { ok: false, failure: { reason, message: error.message } };
  }
  if (minor === 0n && !options.allowZero) return { ok: false, failure: { reason: 'price-zero' } };
  return { ok: true, value: { price, currency, minor } };
}

/** Why a charge's recurring fields do not make a subscription. */
export type ChargeRecurringFailure = { reason: 'recurring-interval-missing' };

/** A charge's recurring terms: the interval (days) and trial when it starts a subscription. */
export interface ChargeRecurring {
  recurring: boolean;
  recurringInterval?: number;
  recurringTrial?: number;
}

/**
 * ADR 0012: a charge with `recurring` starts a subscription, which needs its `recurring_interval`
 * (0 is manual only, but must be given). The only place this rule is checked.
 */
export function parseChargeRecurring(
  fields: ChargeRecurring,
): ChargeFieldsResult<ChargeRecurring, ChargeRecurringFailure> {
  if (fields.recurring && fields.recurringInterval === undefined) {
    return { ok: false, failure: { reason: 'recurring-interval-missing' } };
  }
  const { recurring, recurringInterval, recurringTrial } = fields;
  return {
    ok: true,
    value: {
      recurring,
      ...(recurringInterval !== undefined ? { recurringInterval } : {}),
      ...(recurringTrial !== undefined ? { recurringTrial } : {}),
    },
  };
}
