import { Module } from '@nestjs/common';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { TransactionIdSignedGuard } from './interface/transaction-id-signed.guard';
import { TransactionReverseHttpController } from './interface/transaction-reverse.http.controller';
import { TransactionHttpController } from './interface/transaction.http.controller';

/** Transaction queries and reversals of the merchant API. */
@Module({
  imports: [MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [TransactionHttpController, TransactionReverseHttpController],
  providers: [TransactionIdSignedGuard],
})
export class TransactionModule {}
