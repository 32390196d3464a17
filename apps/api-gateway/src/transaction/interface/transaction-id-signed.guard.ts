import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RequestParams } from '../../merchant-auth/interface/merchant-request';
import { SignedRequestGuard } from '../../merchant-auth/interface/signed-request.guard';

// Not a parameter name a query can carry (ADR 0016 refuses NUL), so it never collides with one.
const PATH_ID = '\u0000path-id';

/**
 * SignedRequestGuard for GET /v1/transactions/{id}. ADR 0003: the path id must be among the signed
 * values, so a signature captured for another call (the balance, a list) opens no transaction.
 * Accepted: the query's values plus the path id, or (as the SDKs send it) the query repeating the
 * path id as `id`. A signature over values without the id is 403 40301, same checks and order.
 */
@Injectable()
export class TransactionIdSignedGuard extends SignedRequestGuard {
  protected override signedParamSets(
    request: FastifyRequest,
    params: RequestParams,
  ): RequestParams[] {
    const { id } = request.params as { id?: string };
    const pathId = id ?? '';
    const withPathId = { ...params, [PATH_ID]: pathId };
    return params['id'] === pathId ? [params, withPathId] : [withPathId];
  }
}
