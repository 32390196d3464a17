import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { RecurringCharge } from './application/recurring-charge';
import { RecurringHttpController } from './interface/recurring.http.controller';

/** Recurring payments of subscribed users and their subscriptions (ADR 0012). */
@Module({
  imports: [MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [RecurringHttpController],
  providers: [RecurringCharge],
})
export class RecurringModule {}
