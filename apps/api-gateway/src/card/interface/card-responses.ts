import type { AuthenticateResultV1, ChargeResultV1, TokenizeCardResultV1 } from '@opp/contracts';

/** The spec's fields only, in the spec's order, whatever else a service answer carries. */
export function toTokenResponse(result: TokenizeCardResultV1) {
  return { id: result.id, expiresAt: result.expiresAt, card: result.card };
}

export function toChargeResponse(result: ChargeResultV1): ChargeResultV1 {
  return {
    success: result.success,
    id: result.id,
    orderId: result.orderId,
    referenceId: result.referenceId,
    price: result.price,
    fee: result.fee,
    currency: result.currency,
    type: result.type,
    status: result.status,
    ...(result.reason !== undefined ? { reason: result.reason } : {}),
    card: result.card,
    ...(result.acs !== undefined ? { acs: result.acs } : {}),
    permanentToken: result.permanentToken ?? null,
    ...(result.recurring !== undefined ? { recurring: result.recurring } : {}),
    createdAt: result.createdAt,
    updatedAt: result.updatedAt,
    user: result.user,
  };
}

export function toAuthenticateResponse(result: AuthenticateResultV1): AuthenticateResultV1 {
  return {
    id: result.id,
    success: result.success,
    status: result.status,
    card: result.card,
    permanentToken: result.permanentToken ?? null,
    ...(result.recurring !== undefined ? { recurring: result.recurring } : {}),
  };
}
