import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { CardTokenRateLimitModule } from '../rate-limit/card-token-rate-limit.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { CardDataSealer } from './application/card-data-sealer';
import { ChargeUserResolver } from './application/charge-user.resolver';
import { ProcessCharge } from './application/process-charge';
import { CardHttpController } from './interface/card.http.controller';
import { JsonpCallbackGuard } from './interface/jsonp-callback.guard';

/**
 * Card payments on /v1/card: tokens, charges, 3-D Secure. Exports the card-data sealer and the
 * charge-user resolver that wallet, recurring, payouts and processing use as well.
 */
@Module({
  imports: [MerchantAuthModule, ReplayGuardModule, CardTokenRateLimitModule, RequestsModule],
  controllers: [CardHttpController],
  providers: [JsonpCallbackGuard, ChargeUserResolver, CardDataSealer, ProcessCharge],
  exports: [ChargeUserResolver, CardDataSealer],
})
export class CardPaymentsModule {}
