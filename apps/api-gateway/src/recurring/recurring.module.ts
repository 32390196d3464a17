import { Module } from '@nestjs/common';
import { CardPaymentsModule } from '../card/card-payments.module';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { RecurringCharge } from './application/recurring-charge';
import { RecurringHttpController } from './interface/recurring.http.controller';

/** Recurring payments of subscribed users and their subscriptions (ADR 0012). */
@Module({
  imports: [CardPaymentsModule, MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [RecurringHttpController],
  providers: [RecurringCharge],
})
export class RecurringModule {}
