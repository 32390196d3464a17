import { Module } from '@nestjs/common';
import { GatewayRequestClient } from './application/request-client.provider';

/** Request/reply calls to the services behind the gateway (one reply consumer per process). */
@Module({
  providers: [GatewayRequestClient],
  exports: [GatewayRequestClient],
})
export class RequestsModule {}
