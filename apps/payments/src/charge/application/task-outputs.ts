import { formatFee, formatPrice } from '@opp/money';
import { acsOf } from '../../three-d-secure/domain/three-d-secure';
import { cardViewOfCharge, isSuccessful, type Transaction } from '../domain/transaction';

/**
 * The `data` of payments' task results (ADR 0005): the response fields of the matching gateway
 * operation, which partners read in the processing status. The orchestrator forwards them as they
 * are, so payments still renders them here; merchant answers are the gateway's (ADR 0032).
 */
type TaskOutput = Record<string, unknown>;

const permanentTokenOf = (t: Transaction): string | null =>
  t.options.remember ? t.permanentTokenId : null;

/** The fields of POST /card/process; `acs` while the charge waits for 3-D Secure (ADR 0007). */
export function chargeOutputOf(t: Transaction, gatewayUrl: string): TaskOutput {
  return {
    success: isSuccessful(t.status),
    id: t.id,
    orderId: t.orderId,
    referenceId: t.referenceId,
    price: formatPrice(t.priceMinor, t.currency),
    fee: formatFee(t.feeMinor, t.currency),
    currency: t.currency,
    type: t.type,
    status: t.status,
    reason: t.reason,
    card: cardViewOfCharge(t),
    ...(t.status === 'authenticating' && t.acs ? { acs: acsOf(gatewayUrl, t.acs) } : {}),
    permanentToken: permanentTokenOf(t),
    ...(t.recurring ? { recurring: t.recurring } : {}),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    user: t.user,
  };
}

/** The fields of POST /card/authenticate. */
export function authenticateOutputOf(t: Transaction): TaskOutput {
  return {
    id: t.id,
    success: isSuccessful(t.status),
    status: t.status,
    card: cardViewOfCharge(t),
    permanentToken: permanentTokenOf(t),
    ...(t.recurring ? { recurring: t.recurring } : {}),
  };
}

/** The fields of POST /transaction/reverse: the reversal; `referenceId` is the payment. */
export function reversalOutputOf(t: Transaction): TaskOutput {
  return {
    success: isSuccessful(t.status),
    id: t.id,
    orderId: t.orderId,
    referenceId: t.referenceId,
    price: formatPrice(t.priceMinor, t.currency),
    currency: t.currency,
    type: t.type,
    status: t.status,
    fee: formatFee(t.feeMinor, t.currency),
    card: t.card,
    user: t.user,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** The fields of GET /transaction/status: snake_case, without method, user and card (spec). */
export function statusOutputOf(t: Transaction): TaskOutput {
  return {
    id: t.id,
    order_id: t.orderId,
    price: formatPrice(t.priceMinor, t.currency),
    fee: formatFee(t.feeMinor, t.currency),
    currency: t.currency,
    type: t.type,
    status: t.status,
    original_status: t.originalStatus,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
