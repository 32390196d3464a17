import type {
  AuthenticateResultV1,
  ChargeResultV1,
  ReversalResultV1,
  TransactionViewV1,
} from '@opp/contracts';
import { currencyExponent, formatAmount } from '@opp/money';
import { acsOf } from '../../three-d-secure/domain/three-d-secure';
import { cardViewOfCharge, isSuccessful, type Transaction } from '../domain/transaction';

/** decimal(12,2), or the currency's own decimals when it has more (KWD 3). */
export const priceText = (t: Transaction): string =>
  formatAmount(t.priceMinor, t.currency, Math.max(2, currencyExponent(t.currency) ?? 2));

/** decimal(12,4). */
export const feeText = (t: Transaction): string =>
  formatAmount(t.feeMinor, t.currency, Math.max(4, currencyExponent(t.currency) ?? 2));

/** Shown only when the merchant asked to remember the card (a recurring-only token stays inside). */
const permanentTokenOf = (t: Transaction): string | null =>
  t.options.remember ? t.permanentTokenId : null;

export function chargeResultOf(t: Transaction, gatewayUrl: string): ChargeResultV1 {
  return {
    success: isSuccessful(t.status),
    id: t.id,
    orderId: t.orderId,
    referenceId: t.referenceId,
    price: priceText(t),
    fee: feeText(t),
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

/** POST /transaction/reverse answers the reversal transaction; `referenceId` is the payment. */
export function reversalResultOf(t: Transaction): ReversalResultV1 {
  return {
    success: isSuccessful(t.status),
    id: t.id,
    orderId: t.orderId,
    referenceId: t.referenceId,
    price: priceText(t),
    currency: t.currency,
    type: t.type,
    status: t.status,
    fee: feeText(t),
    card: t.card,
    user: t.user,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function authenticateResultOf(t: Transaction): AuthenticateResultV1 {
  return {
    id: t.id,
    success: isSuccessful(t.status),
    status: t.status,
    card: cardViewOfCharge(t),
    permanentToken: permanentTokenOf(t),
    ...(t.recurring ? { recurring: t.recurring } : {}),
  };
}

export function transactionViewOf(t: Transaction): TransactionViewV1 {
  return {
    id: t.id,
    orderId: t.orderId,
    referenceId: t.referenceId,
    price: priceText(t),
    fee: feeText(t),
    currency: t.currency,
    type: t.type,
    method: t.method,
    status: t.status,
    originalStatus: t.originalStatus,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    reason: t.reason,
    user: t.user,
    card: t.card,
  };
}

/** GET /transaction/status uses snake_case and lacks method, user and card (spec). */
export function transactionStatusViewOf(t: Transaction): Record<string, unknown> {
  return {
    id: t.id,
    order_id: t.orderId,
    price: priceText(t),
    fee: feeText(t),
    currency: t.currency,
    type: t.type,
    status: t.status,
    original_status: t.originalStatus,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
