import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { ProjectClockModule, SnapshotsModule } from '@opp/snapshots';
import { BalanceModule } from './balance/balance.module';
import { ChargeModule } from './charge/charge.module';
import { PaymentsConfig } from './config/payments.config';
import { PaymentsConfigModule } from './config/payments-config.module';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { DisputeModule } from './dispute/dispute.module';
import { PayoutModule } from './payout/payout.module';
import { ProjectModule } from './project/project.module';
import { TaskModule } from './task/task.module';
import { UserModule } from './user/user.module';
import { WalletModule } from './wallet/wallet.module';

/** Payments: one module per feature (ADR 0031); the platform and the config are global. */
@Module({})
export class AppModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: SERVICE_NAME,
          config,
          databaseUrl: config.databaseUrl,
          entities,
          migrations,
        }),
        SnapshotsModule,
        // Sandbox project clocks: token lifetimes and reserve releases follow them (ADR 0069).
        ProjectClockModule.register(config.databaseUrl),
        PaymentsConfigModule.register(config),
        UserModule,
        ProjectModule,
        ChargeModule.register(config),
        WalletModule.register(config),
        DisputeModule.register(config),
        TaskModule.register(config),
        BalanceModule,
        PayoutModule.register(config),
      ],
    };
  }
}
