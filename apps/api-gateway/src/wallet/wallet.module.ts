import { Module } from '@nestjs/common';
import { CardPaymentsModule } from '../card/card-payments.module';
import { MerchantAuthModule } from '../merchant-auth/merchant-auth.module';
import { ReplayGuardModule } from '../replay-guard/replay-guard.module';
import { RequestsModule } from '../requests/requests.module';
import { WalletTransactionHttpController } from './interface/wallet-transaction.http.controller';

/** Wallet transactions (ADR 0008): created here, confirmed by the user on the checkout page. */
@Module({
  imports: [CardPaymentsModule, MerchantAuthModule, ReplayGuardModule, RequestsModule],
  controllers: [WalletTransactionHttpController],
})
export class WalletModule {}
