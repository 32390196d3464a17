import {
  WITHOUT_CHARGE_STEPS,
  type NewTransaction,
  type Transaction,
  type TransactionType,
} from './transaction';

/**
 * A transaction that records a later money movement of a payment (a reversal, its rolling reserve
 * coming back, a chargeback, a retrieval, a penalty): its own row whose `referenceId` is the
 * payment, with the payment's order, user, card and attributes, so the merchant's callback and
 * queries tie them up. `idempotencyKey` names the movement, so the (project, key) constraint admits
 * it once (a reversal, which can happen several times, keys it by its request instead).
 */
export function derivedFrom(
  payment: Transaction,
  movement: { type: TransactionType; priceMinor: bigint; feeMinor: bigint; reason?: string | null },
): NewTransaction {
  return {
    projectId: payment.projectId,
    idempotencyKey: `${movement.type}:${payment.id}`,
    orderId: payment.orderId,
    referenceId: payment.id,
    type: movement.type,
    method: payment.method,
    reason: movement.reason ?? null,
    priceMinor: movement.priceMinor,
    feeMinor: movement.feeMinor,
    currency: payment.currency,
    description: payment.description,
    user: payment.user,
    cardId: payment.cardId,
    card: payment.card,
    attributes: payment.attributes,
    sandbox: payment.sandbox,
    ...WITHOUT_CHARGE_STEPS,
    checkout: payment.checkout,
  };
}
