import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config';
import { MerchantSecretsCipher } from './infrastructure/merchant-secrets-cipher';
import { merchantSecretsKeyProviders } from './infrastructure/merchant-secrets-keys.providers';

/**
 * MERCHANT_SECRETS_KEKS: the cipher of project keys and partner secrets, with its rotation worker
 * and retirement check. Global and registered once, so one worker rotates both tables.
 */
@Global()
@Module({})
export class MerchantSecretsKeysModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: MerchantSecretsKeysModule,
      providers: merchantSecretsKeyProviders(config),
      exports: [MerchantSecretsCipher],
    };
  }
}
