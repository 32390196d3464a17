import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { SnapshotsModule } from '@opp/snapshots';
import { TraceModule } from './trace/trace.module';
import type { PayoutsConfig } from './config/payouts.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { PayoutFlowModule } from './payout-flow/payout-flow.module';
import { PayoutOrderModule } from './payout-order/payout-order.module';
import { PayoutCatalogueModule } from './payout-type/payout-catalogue.module';

@Module({})
export class AppModule {
  static register(config: PayoutsConfig): DynamicModule {
    // One orders module, shared with the flows that feed it: its worker must exist once.
    const orders = PayoutOrderModule.register(config);
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
        PayoutCatalogueModule,
        TraceModule,
        orders,
        PayoutFlowModule.register(config, orders),
      ],
    };
  }
}
