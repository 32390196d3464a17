import { Module } from '@nestjs/common';
import { CardPaymentsModule } from '../card/card-payments.module';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { CreatePayout } from './application/create-payout';
import { PayoutHttpController } from './interface/payout.http.controller';

/** Payout types, their parameters and payout orders of the merchant API. */
@Module({
  imports: [CardPaymentsModule, MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [PayoutHttpController],
  providers: [CreatePayout],
})
export class PayoutModule {}
