import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { SnapshotsModule } from '@opp/snapshots';
import { TraceModule } from './trace/trace.module';
import type { ProcessingOrchestratorConfig } from './config/processing-orchestrator.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { ProcessingRequestModule } from './processing-request/processing-request.module';

@Module({})
export class AppModule {
  static register(config: ProcessingOrchestratorConfig): DynamicModule {
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
        ProcessingRequestModule.register(config),
        TraceModule,
      ],
    };
  }
}
