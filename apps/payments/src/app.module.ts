import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { SnapshotsModule } from '@opp/snapshots';
import type { PaymentsConfig } from './config/payments.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { UserEventsKafkaHandler } from './user/interface/user-events.kafka.handler';

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
      ],
      controllers: [UserEventsKafkaHandler],
    };
  }
}
