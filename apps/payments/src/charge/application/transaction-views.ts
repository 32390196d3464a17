import type { TransactionRecordV1 } from '@opp/contracts';
import type { Transaction } from '../domain/transaction';

/**
 * A transaction in domain terms (ADR 0032): what payments answers; the gateway renders the public
 * shapes from it. The permanent token shows only when the merchant asked to remember the card (a
 * recurring-only token stays inside); the challenge only while the charge waits for it.
 */
export function transactionRecordOf(t: Transaction): TransactionRecordV1 {
  return {
    id: t.id,
    orderId: t.orderId,
    referenceId: t.referenceId,
    type: t.type,
    method: t.method,
    status: t.status,
    originalStatus: t.originalStatus,
    reason: t.reason,
    priceMinor: t.priceMinor.toString(),
    feeMinor: t.feeMinor.toString(),
    currency: t.currency,
    card: t.card,
    user: t.user,
    permanentTokenId: t.options.remember ? t.permanentTokenId : null,
    recurring: t.recurring,
    threeDs: t.status === 'authenticating' ? t.acs : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
