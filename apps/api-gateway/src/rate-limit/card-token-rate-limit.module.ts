import { Module } from '@nestjs/common';
import { loadConfig } from '@opp/config';
import { CardTokenRateLimit } from './application/card-token-rate-limit';
import { CardTokenRateLimitConfig } from './application/card-token-rate-limit.config';
import { CardTokenRateLimitGuard } from './interface/card-token-rate-limit.guard';

/** ADR 0015: the per-IP and per-project limits of GET /v1/card/getToken (one limiter per process). */
@Module({
  providers: [
    { provide: CardTokenRateLimitConfig, useFactory: () => loadConfig(CardTokenRateLimitConfig) },
    CardTokenRateLimit,
    CardTokenRateLimitGuard,
  ],
  exports: [CardTokenRateLimit, CardTokenRateLimitGuard],
})
export class CardTokenRateLimitModule {}
