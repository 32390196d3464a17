import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import { verifyParams } from '@opp/signature';
import { ProjectDirectory } from '../../project/application/project-directory';
import { verifyingKeys } from '../../project/domain/project';
import { requestParams, type MerchantRequest } from '../../merchant-auth/merchant-request';

// Not a parameter name a query can carry (qs drops NUL), so the path id never collides with one.
const PATH_ID = '\u0000path-id';

/**
 * SignedRequestGuard for GET /v1/transactions/{id}, where D3 accepts a signature computed with or
 * without the path id among the values. Same checks and codes in the same order.
 */
@Injectable()
export class TransactionIdSignedGuard implements CanActivate {
  constructor(private readonly directory: ProjectDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<FastifyRequest<{ Params: { id?: string } }> & MerchantRequest>();
    const params = requestParams(request);
    const publicKey = params['project'];
    if (typeof publicKey !== 'string' || publicKey === '') {
      throw ApiError.of(ErrorCode.ProjectPublicKeyMissing);
    }
    const signature = params['signature'];
    if (signature === undefined || signature === '') throw ApiError.of(ErrorCode.SignatureMissing);
    const project = await this.directory.byPublicKey(publicKey);
    if (!project) throw ApiError.of(ErrorCode.ProjectNotFound);
    const keys = verifyingKeys(project, new Date());
    const withPathId = { ...params, [PATH_ID]: request.params.id ?? '' };
    const valid =
      verifyParams(params, signature, keys) || verifyParams(withPathId, signature, keys);
    if (!valid) throw ApiError.of(ErrorCode.SignatureInvalid);
    request.merchant = { project, params };
    return true;
  }
}
