import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { ProjectClockModule, SnapshotsModule } from '@opp/snapshots';
import { BalanceModule } from './balance/balance.module';
import { ChargeModule } from './charge/charge.module';
import { PaymentsConfig } from './config/payments.config';
import { PaymentsConfigModule } from './config/payments-config.module';
import * as database from './database/database-options';
import { DisputeModule } from './dispute/dispute.module';
import { PayoutModule } from './payout/payout.module';
import { ProjectModule } from './project/project.module';
import { TaskModule } from './task/task.module';
import { TraceModule } from './trace/trace.module';
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
          service: database.SERVICE_NAME,
          config,
          databaseUrl: database.serviceDatabaseUrl(config.databaseUrl, config.traceRecording),
          entities: database.entities,
          migrations: database.migrations,
        }),
        SnapshotsModule,
        // Sandbox project clocks: token lifetimes and reserve releases follow them (ADR 0069).
        ProjectClockModule,
        PaymentsConfigModule.register(config),
        UserModule,
        ProjectModule,
        ChargeModule.register(config),
        WalletModule.register(config),
        DisputeModule.register(config),
        TaskModule.register(config),
        BalanceModule,
        TraceModule,
        PayoutModule.register(config),
      ],
    };
  }
}
