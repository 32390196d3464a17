import { Injectable } from '@nestjs/common';
import { CardTokenRateLimitConfig } from './card-token-rate-limit.config';
import { TokenBucketLimiter, type LimitDecision } from './token-bucket-limiter';

/**
 * Two token buckets per request: (project, client IP) and project. A request passes only when both
 * have a token, and only then takes from both, so a client refused per IP does not use up its
 * project's allowance.
 */
@Injectable()
export class CardTokenRateLimit {
  private readonly perIp: TokenBucketLimiter;
  private readonly perProject: TokenBucketLimiter;

  constructor(config: CardTokenRateLimitConfig) {
    const windowMs = config.windowSeconds * 1000;
    this.perIp = new TokenBucketLimiter(config.perIp, windowMs);
    this.perProject = new TokenBucketLimiter(config.perProject, windowMs);
  }

  take(projectId: number, clientIp: string, now = Date.now()): LimitDecision {
    const ipKey = `${projectId}|${clientIp}`;
    const projectKey = String(projectId);
    const byIp = this.perIp.peek(ipKey, now);
    const byProject = this.perProject.peek(projectKey, now);
    if (!byIp.allowed || !byProject.allowed) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(byIp.retryAfterSeconds, byProject.retryAfterSeconds),
      };
    }
    this.perIp.take(ipKey, now);
    this.perProject.take(projectKey, now);
    return { allowed: true, retryAfterSeconds: 0 };
  }
}
