import {
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import { GatewayConfig } from '../config/gateway.config';
import { TokenBucketLimiter } from '../shared/token-bucket-limiter';
import { AdminAuditLogRepository } from './infrastructure/admin-audit-log.repository';

/** An operator may name themself; the audit row keeps it beside the client address. */
const ACTOR_HEADER = 'x-admin-actor';
const ACTOR = /^[\w.@+-]{1,100}$/;

/**
 * The admin API's gate (ADR 0002, docs/security/edge-rules.md), in this order:
 * - a per-client-address rate limit (429 42901 with Retry-After), so the token cannot be guessed
 *   at speed and a leaked token cannot flood the API;
 * - `Authorization: Bearer <ADMIN_TOKEN>`, else 401: the presented and the expected token are
 *   compared as HMAC digests under a key of this process, so the comparison is constant time and
 *   leaks neither the token's length nor its content;
 * - every call that passed the rate limit is written to the audit table once answered, refused
 *   ones included (who, what, the target, the outcome, when).
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly logger = new Logger(AdminTokenGuard.name);
  private readonly digestKey = randomBytes(32);
  private readonly expected: Buffer;
  private readonly limiter: TokenBucketLimiter;

  constructor(
    @Inject(GatewayConfig) config: GatewayConfig,
    private readonly audit: AdminAuditLogRepository,
  ) {
    this.expected = this.digest(config.adminToken);
    this.limiter = new TokenBucketLimiter(config.adminRateLimitPerMinute, 60_000);
  }

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const decision = this.limiter.take(request.ip);
    if (!decision.allowed) {
      void reply.header('Retry-After', String(decision.retryAfterSeconds));
      throw ApiError.of(ErrorCode.TooManyRequests);
    }
    const header = request.headers.authorization;
    const presented = header ? /^Bearer (.+)$/.exec(header)?.[1] : undefined;
    const valid = presented !== undefined && timingSafeEqual(this.digest(presented), this.expected);
    this.auditWhenAnswered(request, reply, valid);
    if (!header) throw ApiError.of(ErrorCode.AuthTokenMissing);
    if (!valid) throw ApiError.of(ErrorCode.AuthTokenRejected);
    return true;
  }

  private digest(token: string): Buffer {
    return createHmac('sha256', this.digestKey).update(token).digest();
  }

  private auditWhenAnswered(request: FastifyRequest, reply: FastifyReply, authenticated: boolean) {
    const declared = request.headers[ACTOR_HEADER];
    const actor = !authenticated
      ? 'unauthenticated'
      : typeof declared === 'string' && ACTOR.test(declared)
        ? declared
        : 'admin-token';
    reply.raw.once('finish', () => {
      this.audit
        .append({
          actor,
          clientIp: request.ip,
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
          target: (request.params ?? {}) as Record<string, string>,
          status: reply.raw.statusCode,
        })
        .catch((err: unknown) => this.logger.error({ msg: 'admin audit write failed', err }));
    });
  }
}
