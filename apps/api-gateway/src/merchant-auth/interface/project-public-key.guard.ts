import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import { ProjectDirectory } from '../../project/application/project-directory';
import { requestParams, type MerchantRequest } from './merchant-request';

/**
 * For the operations that list no signature (GET /card/getToken): the project is named by its
 * public key only. Missing: 400 40001; unknown: 404 40401.
 */
@Injectable()
export class ProjectPublicKeyGuard implements CanActivate {
  constructor(private readonly directory: ProjectDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & MerchantRequest>();
    const params = requestParams(request);
    const publicKey = params['project'];
    if (typeof publicKey !== 'string' || publicKey.trim() === '') {
      throw ApiError.of(ErrorCode.ProjectPublicKeyMissing);
    }
    const project = await this.directory.byPublicKey(publicKey);
    if (!project) throw ApiError.of(ErrorCode.ProjectNotFound);
    request.merchant = { project, params };
    return true;
  }
}
