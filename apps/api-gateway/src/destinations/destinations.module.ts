import { Module } from '@nestjs/common';
import { DestinationGuard, resolveAll } from '@opp/destination-guard';
import { GatewayConfig } from '../config/gateway.config';
import { RegisteredUrlCheck } from './application/registered-url-check';

/** ADR 0010: the check of every URL a merchant or partner registers for deliveries. */
@Module({
  providers: [
    {
      provide: DestinationGuard,
      inject: [GatewayConfig],
      useFactory: (config: GatewayConfig) =>
        new DestinationGuard(
          { enforce: config.isProduction, allowedHosts: config.deliveryAllowedHosts ?? [] },
          resolveAll,
        ),
    },
    RegisteredUrlCheck,
  ],
  exports: [RegisteredUrlCheck],
})
export class DestinationsModule {}
