import { ApiError, ErrorCode } from '@opp/errors';
import { isCurrencyCode, MoneyError, parseAmount } from '@opp/money';
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

export interface Price {
  /** The decimal text as sent (trimmed), for the services that keep it as text. */
  price: string;
  currency: string;
  /** The same amount in minor units of the currency, checked here once (ADR 0032). */
  minor: bigint;
}

/**
 * ADR 0009: `price` and `currency` are both required. The price is a plain decimal ("10", "10.5",
 * "10.50"; JSON numbers read as their text), never exponent notation or a sign; one with more
 * decimals than the currency has is 400 40018; anything else malformed, missing or unknown is
 * 400 40017. Zero is refused unless `allowZero` (card verification sets its own amount).
 */
export function readPrice(params: RequestParams, allowZero = false, field = 'price'): Price {
  const price = decimalText(params, field)?.trim();
  if (price === undefined || price === '') {
    throw ApiError.of(ErrorCode.InvalidParameter, `${field} is required`);
  }
  const currency = readCurrency(params);
  if (currency === undefined) throw ApiError.of(ErrorCode.InvalidParameter, 'currency is required');
  let minor: bigint;
  try {
    minor = parseAmount(price, currency);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    throw ApiError.of(
      error.tooPrecise ? ErrorCode.AmountInvalidForCurrency : ErrorCode.InvalidParameter,
      `${field}: ${error.message}`,
    );
  }
  if (minor === 0n && !allowZero) {
    throw ApiError.of(ErrorCode.InvalidParameter, `${field} must be greater than zero`);
  }
  return { price, currency, minor };
}
