import { IsInt, Max, Min } from 'class-validator';
import { Env } from '@opp/config';

/**
 * Card-testing defence on GET /v1/card/getToken (the one unsigned operation that takes card data).
 * Limits are per gateway instance: each replica counts on its own.
 */
export class CardTokenRateLimitConfig {
  /** Requests per window from one client IP to one project. */
  @Env('CARD_TOKEN_RATE_LIMIT_PER_IP', { default: '30' })
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  perIp: number;

  /** Requests per window to one project from all clients together. */
  @Env('CARD_TOKEN_RATE_LIMIT_PER_PROJECT', { default: '300' })
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  perProject: number;

  @Env('CARD_TOKEN_RATE_LIMIT_WINDOW_SECONDS', { default: '60' })
  @IsInt()
  @Min(1)
  @Max(86_400)
  windowSeconds: number;
}
