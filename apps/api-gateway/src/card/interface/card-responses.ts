import type { ThreeDsChallengeV1, TokenizeCardResultV1, TransactionRecordV1 } from '@opp/contracts';
import { successOf, transactionHeadOf } from '../../transaction/interface/transaction-responses';

/** The spec's fields only, in the spec's order, whatever else a service answer carries. */
export function toTokenResponse(result: TokenizeCardResultV1) {
  return { id: result.id, expiresAt: result.expiresAt, card: result.card };
}

/** ADR 0007: the gateway's hosted challenge page, under its public address. */
export const acsChallengeUrl = (publicGatewayUrl: string): string =>
  `${publicGatewayUrl.replace(/\/+$/, '')}/acs/challenge`;

/**
 * Where the challenge returns the user (TermUrl): the merchant's own acs_return_url, or for a
 * processing task the gateway's acs-return page of that task, under its public address (ADR 0031).
 */
export function termUrlOf(threeDs: ThreeDsChallengeV1, publicGatewayUrl: string): string {
  if (!threeDs.returnTo) return threeDs.termUrl;
  const { globalId, taskId } = threeDs.returnTo;
  return `${publicGatewayUrl.replace(/\/+$/, '')}/processing/acs-return/${globalId}/${taskId}`;
}

/** The `acs` object: where the user posts the challenge, and what (ADR 0007). */
export const toAcs = (threeDs: ThreeDsChallengeV1, publicGatewayUrl: string) => ({
  url: acsChallengeUrl(publicGatewayUrl),
  parameters: {
    PaReq: threeDs.paReq,
    MD: threeDs.md,
    TermUrl: termUrlOf(threeDs, publicGatewayUrl),
  },
});

/**
 * POST /card/process (and /card/processRecurring, without `permanentToken`): `acs` while the
 * charge waits for 3-D Secure, its pages under `publicGatewayUrl`; `recurring` once a
 * subscription exists.
 */
export function toChargeResponse(record: TransactionRecordV1, publicGatewayUrl: string) {
  const { threeDs, recurring } = record;
  return {
    success: successOf(record),
    ...transactionHeadOf(record),
    status: record.status,
    reason: record.reason,
    card: record.card,
    ...(threeDs ? { acs: toAcs(threeDs, publicGatewayUrl) } : {}),
    permanentToken: record.permanentTokenId,
    ...(recurring ? { recurring } : {}),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    user: record.user,
  };
}

/** POST /card/processRecurring: a charge's fields without `permanentToken` (ADR 0012). */
export function toRecurringChargeResponse(record: TransactionRecordV1, publicGatewayUrl: string) {
  const { permanentToken: _unused, ...response } = toChargeResponse(record, publicGatewayUrl);
  return response;
}

export function toAuthenticateResponse(record: TransactionRecordV1) {
  return {
    id: record.id,
    success: successOf(record),
    status: record.status,
    card: record.card,
    permanentToken: record.permanentTokenId,
    ...(record.recurring ? { recurring: record.recurring } : {}),
  };
}
