import {
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '@opp/errors';
import { GatewayConfig } from '../../config/gateway.config';
import { TokenBucketLimiter } from '../../shared/domain/token-bucket-limiter';
import { AdminAuditLog } from '../application/admin-audit-log';
import { scopeAllows, UNAUTHENTICATED_ACTOR, type AdminIdentity } from '../domain/admin-operator';
import { IdentifyAdminCallerUseCase } from '../application/identify-admin-caller.use-case';

/** The caller the guard identified, for the controllers that record who did something. */
export type AdminRequest = FastifyRequest & { adminIdentity?: AdminIdentity };

/**
 * The admin API's gate (ADR 0002, ADR 0061, docs/security/edge-rules.md), in this order:
 * - a per-client-address rate limit (429 42901 with Retry-After), so a token cannot be guessed
 *   at speed and a leaked token cannot flood the API;
 * - `Authorization: Bearer <token>`: ADMIN_TOKEN (the bootstrap operator) or a named operator
 *   token not revoked, else 401; a read-scope token asking to change something, 403 40320;
 * - every call that passed the rate limit is written to the audit table once answered, refused
 *   ones included (who, what, the target, the outcome, when). Who is the operator the token
 *   names, never anything the client declares.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly logger = new Logger(AdminTokenGuard.name);
  private readonly limiter: TokenBucketLimiter;

  constructor(
    @Inject(GatewayConfig) config: GatewayConfig,
    private readonly identify: IdentifyAdminCallerUseCase,
    private readonly audit: AdminAuditLog,
  ) {
    this.limiter = new TokenBucketLimiter(config.adminRateLimitPerMinute, 60_000);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AdminRequest>();
    const reply = http.getResponse<FastifyReply>();
    const decision = this.limiter.take(request.ip);
    if (!decision.allowed) {
      void reply.header('Retry-After', String(decision.retryAfterSeconds));
      throw ApiError.of(ErrorCode.TooManyRequests);
    }
    const header = request.headers.authorization;
    const presented = header ? /^Bearer (.+)$/.exec(header)?.[1] : undefined;
    const identity = presented === undefined ? null : await this.identify.execute(presented);
    this.auditWhenAnswered(request, reply, identity?.actor ?? UNAUTHENTICATED_ACTOR);
    if (!header) throw ApiError.of(ErrorCode.AuthTokenMissing);
    if (!identity) throw ApiError.of(ErrorCode.AuthTokenRejected);
    if (!scopeAllows(identity.scope, request.method)) {
      throw ApiError.of(ErrorCode.AdminScopeInsufficient);
    }
    request.adminIdentity = identity;
    return true;
  }

  private auditWhenAnswered(request: FastifyRequest, reply: FastifyReply, actor: string) {
    reply.raw.once('finish', () => {
      const at = new Date();
      this.audit
        .append({
          actor,
          clientIp: request.ip,
          method: request.method,
          route: request.routeOptions.url ?? request.url.split('?')[0],
          target: (request.params ?? {}) as Record<string, string>,
          status: reply.raw.statusCode,
          at,
        })
        .catch((err: unknown) => this.logger.error({ msg: 'admin audit write failed', err }));
    });
  }
}
