import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import { GatewayConfig } from '../config/gateway.config';

/**
 * ADR 0002: every admin call carries `Authorization: Bearer <ADMIN_TOKEN>`; anything else is 401.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(GatewayConfig) config: GatewayConfig) {
    this.expected = Buffer.from(config.adminToken);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
    if (!header) throw ApiError.of(ErrorCode.AuthTokenMissing);
    const match = /^Bearer (.+)$/.exec(header);
    const presented = Buffer.from(match?.[1] ?? '');
    const valid =
      presented.length === this.expected.length && timingSafeEqual(presented, this.expected);
    if (!valid) throw ApiError.of(ErrorCode.AuthTokenRejected);
    return true;
  }
}
