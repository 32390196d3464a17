import type { ReversePaymentV1 } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { fieldText, optionalText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';
import { readTransactionLookup } from './transaction-query.request';

/** A plain non-negative decimal as ADR 0009 reads prices; the currency is the payment's. */
const DECIMAL = /^\d{1,18}(\.\d{1,12})?$/;

/**
 * POST /v1/transaction/reverse: `id` or `order_id` (400 40017 when neither; a malformed id is
 * 404 40403), `amount` required, a plain decimal above zero (400 40017; payments checks its
 * decimals against the payment's currency, 40018), `comment` optional (at most 255).
 */
export function readReversePayment(
  projectId: number,
  params: RequestParams,
  idempotencyKey: string,
): ReversePaymentV1 {
  const lookup = readTransactionLookup(projectId, params);
  // A JSON boolean is no amount, even though it renders as "1" in a signature (ADR 0016).
  if (typeof params['amount'] === 'boolean') {
    throw ApiError.of(ErrorCode.InvalidParameter, 'amount must be a decimal above zero');
  }
  const amount = fieldText(params, 'amount')?.trim();
  if (amount === undefined || amount === '') {
    throw ApiError.of(ErrorCode.InvalidParameter, 'amount is required');
  }
  if (!DECIMAL.test(amount) || !/[1-9]/.test(amount)) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'amount must be a decimal above zero');
  }
  const comment = optionalText(params, 'comment', 255);
  return { ...lookup, idempotencyKey, amount, ...(comment !== undefined ? { comment } : {}) };
}
