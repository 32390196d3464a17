import { Module, type DynamicModule } from '@nestjs/common';
import { flagCheck } from '@opp/observability';
import { PlatformModule } from '@opp/platform';
import { AdminApiModule } from './admin-api/admin-api.module';
import { BalanceModule } from './balance/balance.module';
import { CardPaymentsModule } from './card/card-payments.module';
import { GatewayConfigModule } from './config/gateway-config.module';
import type { GatewayConfig } from './config/gateway.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { HostedPagesModule } from './hosted-pages/hosted-pages.module';
import { MerchantSecretsKeysModule } from './merchant-secrets/merchant-secrets-keys.module';
import { PayoutModule } from './payout/payout.module';
import { ProcessingModule } from './processing/processing.module';
import { RecurringModule } from './recurring/recurring.module';
import { SandboxClockModule } from './sandbox-clock/sandbox-clock.module';
import { GatewayRequestClient } from './requests/request-client.provider';
import { TransactionModule } from './transaction/transaction.module';
import { UserModule } from './user/user.module';
import { WalletModule } from './wallet/wallet.module';

/** The gateway: the platform and its feature modules (module map: docs/architecture/gateway-modules.md). */
@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: SERVICE_NAME,
          config,
          databaseUrl: config.databaseUrl,
          entities,
          migrations,
          healthChecks: (moduleRef) => [
            flagCheck(
              'kafka-replies',
              () => moduleRef.get(GatewayRequestClient, { strict: false }).ready,
              'reply consumer not fetching from the broker',
            ),
          ],
        }),
        GatewayConfigModule.register(config),
        MerchantSecretsKeysModule.register(config),
        AdminApiModule,
        UserModule,
        CardPaymentsModule,
        TransactionModule,
        BalanceModule,
        HostedPagesModule,
        WalletModule,
        RecurringModule,
        PayoutModule,
        ProcessingModule,
        SandboxClockModule,
      ],
    };
  }
}
