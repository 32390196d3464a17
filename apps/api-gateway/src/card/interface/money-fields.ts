import { ApiError, ErrorCode } from '@opp/errors';
import {
  isCurrencyCode,
  parseChargePrice,
  type ChargePrice,
  type ChargePriceFailure,
} from '@opp/money';
import { decimalText, fieldText } from '../../http/interface/form-fields';
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
 * ADR 0009: `price` and `currency` are both required. The price is a plain decimal ("10", "10.5",
 * "10.50"; JSON numbers read as their text), never exponent notation or a sign; one with more
 * decimals than the currency has is 400 40018; anything else malformed, missing or unknown is
 * 400 40017. Zero is refused unless `allowZero` (card verification sets its own amount). The rule
 * is `parseChargePrice` of `@opp/money`, shared with payments' processing tasks; this maps its
 * failures to the /v1 codes and wording.
 */
export function readPrice(params: RequestParams, allowZero = false, field = 'price'): Price {
  const text = decimalText(params, field)?.trim();
  const price = text === '' ? undefined : text;
  // The currency is checked (40017 when unknown) only once a price was sent.
  const currency = price === undefined ? undefined : readCurrency(params);
  const parsed = parseChargePrice(price, currency, { allowZero });
  if (parsed.ok) return parsed.value;
  throw priceError(parsed.failure, field);
}

/** The /v1 code and wording of each reason the shared charge rule refuses a price. */
function priceError(failure: ChargePriceFailure, field: string): ApiError {
  switch (failure.reason) {
    case 'price-missing':
      return ApiError.of(ErrorCode.InvalidParameter, `${field} is required`);
    case 'currency-missing':
      return ApiError.of(ErrorCode.InvalidParameter, 'currency is required');
    case 'currency-unknown':
      return ApiError.of(ErrorCode.InvalidParameter, 'currency must be an ISO 4217 currency code');
    case 'price-too-precise':
      return ApiError.of(ErrorCode.AmountInvalidForCurrency, `${field}: ${failure.message}`);
    case 'price-malformed':
      return ApiError.of(ErrorCode.InvalidParameter, `${field}: ${failure.message}`);
    case 'price-zero':
      return ApiError.of(ErrorCode.InvalidParameter, `${field} must be greater than zero`);
  }
}
