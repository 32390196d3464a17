import { Global, Module, type DynamicModule } from '@nestjs/common';
import { GatewayConfig } from './gateway.config';

/** The gateway's configuration, read once at start and injected wherever a setting is needed. */
@Global()
@Module({})
export class GatewayConfigModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayConfigModule,
      providers: [{ provide: GatewayConfig, useValue: config }],
      exports: [GatewayConfig],
    };
  }
}
