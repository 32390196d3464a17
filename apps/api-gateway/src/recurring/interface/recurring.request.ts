import { ApiError, ErrorCode } from '@opp/errors';
import { fieldText, freeText, optionalText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';
import { readAttributes, readDays } from '../../card/interface/charge-fields';
import { readCurrency, readPrice } from '../../card/interface/money-fields';
import { readChargeUser } from '../../card/interface/process-charge.request';
import type { RecurringChargeFields } from '../application/recurring-charge';

/** `user`: the internal user id (40002 missing; 40406 for an id that cannot exist). */
export function readRecurringUser(projectId: number, params: RequestParams): string {
  const ref = readChargeUser(projectId, params);
  if (ref.kind !== 'id') {
    throw ApiError.of(ErrorCode.InvalidParameter, 'user must be an internal user id');
  }
  return ref.userId;
}

/** POST /card/processRecurring: price and currency (ADR 0009), order_id up to 64, description. */
export function readRecurringCharge(params: RequestParams): RecurringChargeFields {
  const { price, currency } = readPrice(params);
  return {
    price,
    currency,
    orderId: optionalText(params, 'order_id', 64),
    description: freeText(params, 'description', 1024),
    attributes: readAttributes(params),
  };
}

/**
 * POST /user/changeRecurring: `interval` in days (0: manual only), `price` with its `currency`
 * (a price without currency is 400 40017, as card/process's).
 */
export function readRecurringChanges(params: RequestParams): {
  interval?: number;
  price?: string;
  currency?: string;
} {
  const interval = readDays(params, 'interval');
  const priceSent = (fieldText(params, 'price')?.trim() ?? '') !== '';
  if (priceSent) {
    const { price, currency } = readPrice(params);
    return { interval, price, currency };
  }
  readCurrency(params);
  return { interval };
}
