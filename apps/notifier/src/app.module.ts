import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { SnapshotsModule } from '@opp/snapshots';
import type { NotifierConfig } from './config/notifier.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';

@Module({})
export class AppModule {
  static register(config: NotifierConfig): DynamicModule {
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
    };
  }
}
