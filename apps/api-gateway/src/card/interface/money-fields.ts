import { ApiError, ErrorCode } from '@opp/errors';
import { isCurrencyCode, readPrice as readChargePrice, type ChargePrice } from '@opp/money';
import { fieldText, fieldValue } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';

/** ISO 4217 code we know (the currency table of @opp/money), upper case as sent; else 400 40017. */
export function readCurrency(params: RequestParams, name = 'currency'): string | undefined {
  const text = fieldText(params, name)?.trim();
  if (text === undefined || text === '') return undefined;
  if (!isCurrencyCode(text)) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${name} must be an ISO 4217 currency code`);
  }
  return text;
}

/** The price as sent (trimmed), its currency, and the minor units checked once (ADR 0031). */
export type Price = ChargePrice;

/**
 * ADR 0009: `price` and `currency` are both required; a price with more decimals than the currency
 * has is 400 40018, anything else malformed, missing or unknown 400 40017; zero is refused unless
 * `allowZero`. The rule and its wording are `@opp/money`'s, shared with payments' processing tasks.
 */
export function readPrice(params: RequestParams, allowZero = false, field = 'price'): Price {
  return fieldValue(readChargePrice(params, { allowZero, field }));
}
