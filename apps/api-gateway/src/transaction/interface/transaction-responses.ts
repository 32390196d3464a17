import type { ReversalResultV1, TransactionViewV1 } from '@opp/contracts';

/** GET /transaction/status: the spec's snake_case fields, without method, user and card. */
export function toTransactionStatusResponse(view: TransactionViewV1) {
  return {
    id: view.id,
    order_id: view.orderId,
    price: view.price,
    fee: view.fee,
    currency: view.currency,
    type: view.type,
    status: view.status,
    original_status: view.originalStatus,
    created_at: view.createdAt,
    updated_at: view.updatedAt,
  };
}

/** The Transaction resource of the spec (camelCase), in its field order. */
export function toTransactionResponse(view: TransactionViewV1): TransactionViewV1 {
  return {
    id: view.id,
    orderId: view.orderId,
    referenceId: view.referenceId,
    price: view.price,
    fee: view.fee,
    currency: view.currency,
    type: view.type,
    method: view.method,
    status: view.status,
    originalStatus: view.originalStatus,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    reason: view.reason,
    user: view.user,
    card: view.card,
  };
}

/** The spec's fields of POST /transaction/reverse, in the spec's order. */
export function toReversalResponse(result: ReversalResultV1): ReversalResultV1 {
  return {
    success: result.success,
    id: result.id,
    orderId: result.orderId,
    referenceId: result.referenceId,
    price: result.price,
    currency: result.currency,
    type: result.type,
    status: result.status,
    fee: result.fee,
    card: result.card,
    user: result.user,
    createdAt: result.createdAt,
    updatedAt: result.updatedAt,
  };
}
