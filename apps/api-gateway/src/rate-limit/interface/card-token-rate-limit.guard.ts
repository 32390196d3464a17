import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import type { MerchantRequest } from '../../merchant-auth/interface/merchant-request';
import { tokenRateLimits } from '../../project/domain/token-rate-limits';
import { CardTokenRateLimit } from '../application/card-token-rate-limit';

/**
 * After the project is known (ProjectPublicKeyGuard), with the project's limits (ADR 0015): 429 42901 with `Retry-After` (seconds) once
 * the client IP or the project is over its limit. Every attempt counts, valid card or not: card
 * testers mostly send cards that fail. The client IP is Fastify's `request.ip`, which honours
 * X-Forwarded-For (the gateway trusts the proxy in front of it).
 */
@Injectable()
export class CardTokenRateLimitGuard implements CanActivate {
  constructor(private readonly limit: CardTokenRateLimit) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & MerchantRequest>();
    const project = request.merchant?.project;
    if (project === undefined) throw new Error('CardTokenRateLimitGuard needs a known project');
    const decision = this.limit.take(project.id, request.ip, tokenRateLimits(project.settings));
    if (decision.allowed) return true;
    void http.getResponse<FastifyReply>().header('Retry-After', String(decision.retryAfterSeconds));
    throw ApiError.of(ErrorCode.TooManyRequests);
  }
}
