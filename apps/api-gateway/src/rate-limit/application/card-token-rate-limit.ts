import { Injectable } from '@nestjs/common';
import {
  DEFAULT_TOKEN_RATE_LIMITS,
  type TokenRateLimits,
} from '../../project/domain/token-rate-limits';
import { CardTokenRateLimitConfig } from './card-token-rate-limit.config';
import { TokenBucketLimiter, type LimitDecision } from '../../shared/domain/token-bucket-limiter';

/**
 * Two token buckets per request: (project, client IP) and project, sized by the project's limits
 * (ADR 0015). A request passes only when both have a token, and only then takes from both, so a
 * client refused per IP does not use up its project's allowance.
 */
@Injectable()
export class CardTokenRateLimit {
  private readonly perIp: TokenBucketLimiter;
  private readonly perProject: TokenBucketLimiter;

  constructor(config: CardTokenRateLimitConfig) {
    const windowMs = config.windowSeconds * 1000;
    this.perIp = new TokenBucketLimiter(DEFAULT_TOKEN_RATE_LIMITS.perIp, windowMs);
    this.perProject = new TokenBucketLimiter(DEFAULT_TOKEN_RATE_LIMITS.perProject, windowMs);
  }

  take(
    projectId: number,
    clientIp: string,
    limits: TokenRateLimits,
    now = Date.now(),
  ): LimitDecision {
    const ipKey = `${projectId}|${clientIp}`;
    const projectKey = String(projectId);
    const byIp = this.perIp.peek(ipKey, now, limits.perIp);
    const byProject = this.perProject.peek(projectKey, now, limits.perProject);
    if (!byIp.allowed || !byProject.allowed) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(byIp.retryAfterSeconds, byProject.retryAfterSeconds),
      };
    }
    this.perIp.take(ipKey, now, limits.perIp);
    this.perProject.take(projectKey, now, limits.perProject);
    return { allowed: true, retryAfterSeconds: 0 };
  }
}
