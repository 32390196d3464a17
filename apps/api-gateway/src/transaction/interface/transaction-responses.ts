import type { TransactionRecordV1 } from '@opp/contracts';
import { formatFee, formatPrice } from '@opp/money';

/**
 * The public shapes of a transaction, rendered from payments' record (ADR 0031). Field names, order
 * and presence are the API's: replays answer byte for byte what the first answer was (ADR 0014).
 */

/** The spec's `success`: whether the charge went through or can still continue. */
export const successOf = (record: TransactionRecordV1): boolean =>
  record.status !== 'failed' && record.status !== 'cancelled';

/** ADR 0009: decimal(12,2) price, decimal(12,4) fee. */
export const priceOf = (record: TransactionRecordV1): string =>
  formatPrice(BigInt(record.priceMinor), record.currency);
export const feeOf = (record: TransactionRecordV1): string =>
  formatFee(BigInt(record.feeMinor), record.currency);

/** The fields a charge result and the Transaction resource open with, in their order. */
export const transactionHeadOf = (record: TransactionRecordV1) => ({
  id: record.id,
  orderId: record.orderId,
  referenceId: record.referenceId,
  price: priceOf(record),
  fee: feeOf(record),
  currency: record.currency,
  type: record.type,
});

/** GET /transaction/status: the spec's snake_case fields, without method, user and card. */
export function toTransactionStatusResponse(record: TransactionRecordV1) {
  return {
    id: record.id,
    order_id: record.orderId,
    price: priceOf(record),
    fee: feeOf(record),
    currency: record.currency,
    type: record.type,
    status: record.status,
    original_status: record.originalStatus,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/** The Transaction resource of the spec (camelCase), in its field order. */
export function toTransactionResponse(record: TransactionRecordV1) {
  return {
    ...transactionHeadOf(record),
    method: record.method,
    status: record.status,
    originalStatus: record.originalStatus,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    reason: record.reason,
    user: record.user,
    card: record.card,
  };
}

/** The spec's fields of POST /transaction/reverse, in the spec's order: the reversal itself. */
export function toReversalResponse(record: TransactionRecordV1) {
  return {
    success: successOf(record),
    id: record.id,
    orderId: record.orderId,
    referenceId: record.referenceId,
    price: priceOf(record),
    currency: record.currency,
    type: record.type,
    status: record.status,
    fee: feeOf(record),
    card: record.card,
    user: record.user,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
