import type { AuthenticateChargeV1 } from '@opp/contracts';
import { ApiError, ErrorCode } from '@opp/errors';
import { fieldText } from '../../http/interface/form-fields';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';

/**
 * POST /v1/card/authenticate: `MD` missing or empty is 400 40014 (ADR 0007); one longer than any MD
 * we issue cannot be known, so it is 404 40403 like any unknown MD. `PaRes` must be present (400
 * 40017 when absent); an empty one is passed on and fails the authentication.
 */
export function readAuthenticateCharge(
  projectId: number,
  params: RequestParams,
): AuthenticateChargeV1 {
  const md = fieldText(params, 'MD')?.trim();
  if (md === undefined || md === '') throw ApiError.of(ErrorCode.MerchantDataMissing);
  if (md.length > 256) throw ApiError.of(ErrorCode.TransactionNotFound);
  const paRes = fieldText(params, 'PaRes')?.trim();
  if (paRes === undefined) throw ApiError.of(ErrorCode.InvalidParameter, 'PaRes is required');
  if (paRes.length > 4096) {
    throw ApiError.of(ErrorCode.InvalidParameter, 'PaRes is longer than 4096 characters');
  }
  return { projectId, md, paRes };
}
