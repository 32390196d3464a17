import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import { verifyParams } from '@opp/signature';
import { ProjectDirectory } from '../project/application/project-directory';
import { verifyingKeys } from '../project/domain/project';
import { requestParams, type MerchantRequest, type RequestParams } from './merchant-request';

/**
 * ADR 0003: the merchant names its project by public key and signs every parameter value with the
 * project's private key. Checked in this order: project given (40001), signature given (40101),
 * project known (40401), signature valid (40301, constant time, any length).
 */
@Injectable()
export class SignedRequestGuard implements CanActivate {
  constructor(private readonly directory: ProjectDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & MerchantRequest>();
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
    const signed = this.signedParamSets(request, params);
    if (!signed.some((values) => verifyParams(values, signature, keys))) {
      throw ApiError.of(ErrorCode.SignatureInvalid);
    }
    request.merchant = { project, params };
    return true;
  }

  /** The parameter sets a valid signature may cover; a route with path values may accept more. */
  protected signedParamSets(_request: FastifyRequest, params: RequestParams): RequestParams[] {
    return [params];
  }
}
