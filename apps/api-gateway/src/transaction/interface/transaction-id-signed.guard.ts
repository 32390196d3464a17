import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RequestParams } from '../../merchant-auth/merchant-request';
import { SignedRequestGuard } from '../../merchant-auth/signed-request.guard';

// Not a parameter name a query can carry (qs drops NUL), so the path id never collides with one.
const PATH_ID = '\u0000path-id';

/**
 * SignedRequestGuard for GET /v1/transactions/{id}, where ADR 0003 accepts a signature computed
 * with or without the path id among the values. Same checks and codes in the same order.
 */
@Injectable()
export class TransactionIdSignedGuard extends SignedRequestGuard {
  protected override signedParamSets(
    request: FastifyRequest,
    params: RequestParams,
  ): RequestParams[] {
    const { id } = request.params as { id?: string };
    return [params, { ...params, [PATH_ID]: id ?? '' }];
  }
}
