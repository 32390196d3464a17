import { Module } from '@nestjs/common';
import { HostedPageKeyRing } from '@opp/crypto';
import { GatewayConfig } from '../config/gateway.config';
import { RequestsModule } from '../requests/requests.module';
import { AcsHttpController } from './interface/acs/acs.http.controller';
import { CheckoutPageTokens } from './application/checkout-page-tokens';
import { CheckoutHttpController } from './interface/checkout/checkout.http.controller';

/**
 * Pages the user sees: the 3-D Secure simulator and the wallet checkout. Exports the key ring that
 * seals what such pages carry (the processing API's ACS return uses it too).
 */
@Module({
  imports: [RequestsModule],
  controllers: [AcsHttpController, CheckoutHttpController],
  providers: [
    {
      provide: HostedPageKeyRing,
      inject: [GatewayConfig],
      useFactory: (config: GatewayConfig) => new HostedPageKeyRing(config.hostedPageKeys),
    },
    CheckoutPageTokens,
  ],
  exports: [HostedPageKeyRing],
})
export class HostedPagesModule {}
