import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { SnapshotsModule } from '@opp/snapshots';
import { ProcessingOrchestratorConfig } from './config/processing-orchestrator.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { ApplyTaskResultUseCase } from './processing-request/application/apply-task-result/apply-task-result.use-case';
import { FireDueTimersUseCase } from './processing-request/application/fire-due-timers/fire-due-timers.use-case';
import { TaskTimerScheduler } from './processing-request/application/fire-due-timers/task-timer.scheduler';
import { GetProcessingStatusUseCase } from './processing-request/application/get-processing-status/get-processing-status.use-case';
import { ProcessingEffects } from './processing-request/application/processing-effects';
import { ResumeTaskUseCase } from './processing-request/application/resume-task/resume-task.use-case';
import { SubmitProcessingUseCase } from './processing-request/application/submit-processing/submit-processing.use-case';
import { ProcessingRequestRepository } from './processing-request/infrastructure/processing-request.repository';
import { ProcessingRequestsKafkaHandler } from './processing-request/interface/processing-requests.kafka.handler';
import { TaskResultsKafkaHandler } from './processing-request/interface/task-results.kafka.handler';

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
      ],
      controllers: [ProcessingRequestsKafkaHandler, TaskResultsKafkaHandler],
      providers: [
        { provide: ProcessingOrchestratorConfig, useValue: config },
        ProcessingRequestRepository,
        ProcessingEffects,
        SubmitProcessingUseCase,
        GetProcessingStatusUseCase,
        ApplyTaskResultUseCase,
        ResumeTaskUseCase,
        FireDueTimersUseCase,
        TaskTimerScheduler,
      ],
    };
  }
}
