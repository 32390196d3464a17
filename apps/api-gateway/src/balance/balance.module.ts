import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { RequestsModule } from '../requests/requests.module';
import { BalanceHttpController } from './interface/balance.http.controller';

/** The merchant balance, read from the ledger. */
@Module({
  imports: [MerchantAuthModule, RequestsModule],
  controllers: [BalanceHttpController],
})
export class BalanceModule {}
