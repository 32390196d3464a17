import { IsInt, Max, Min } from 'class-validator';
import { Env } from '@opp/config';

/**
 * Card-testing defence on GET /v1/card/getToken (the one unsigned operation that takes card data).
 * The limits themselves are project settings (ADR 0015); the window they count in is set here
 * (tests lengthen it so a refill never happens mid-test). Each replica counts on its own.
 */
export class CardTokenRateLimitConfig {
  @Env('CARD_TOKEN_RATE_LIMIT_WINDOW_SECONDS', { default: '60' })
  @IsInt()
  @Min(1)
  // Up to a week: a test sends a sandbox project's whole allowance without a refill in between.
  @Max(604_800)
  windowSeconds: number;
}
