import { Global, Module, type DynamicModule } from '@nestjs/common';
import { HostedPageKeyRing, OpeningKeyRing } from '@opp/crypto';
import { PaymentsConfig } from './payments.config';

/** The validated configuration and the key rings read from it, for every feature module. */
@Global()
@Module({})
export class PaymentsConfigModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: PaymentsConfigModule,
      providers: [
        { provide: PaymentsConfig, useValue: config },
        { provide: OpeningKeyRing, useValue: new OpeningKeyRing(config.cardDataPrivateKeys) },
        { provide: HostedPageKeyRing, useValue: new HostedPageKeyRing(config.hostedPageKeys) },
      ],
      exports: [PaymentsConfig, OpeningKeyRing, HostedPageKeyRing],
    };
  }
}
