import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { BalanceHttpController } from './interface/balance.http.controller';

/** The merchant balance, read from the ledger. */
@Module({
  imports: [MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [BalanceHttpController],
})
export class BalanceModule {}
