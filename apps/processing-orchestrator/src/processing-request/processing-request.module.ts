import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { ProjectSnapshotCache } from '@opp/snapshots';
import { ProcessingOrchestratorConfig } from '../config/processing-orchestrator.config';
import { ApplyTaskResultUseCase } from './application/apply-task-result/apply-task-result.use-case';
import { FireDueTimersUseCase } from './application/fire-due-timers/fire-due-timers.use-case';
import { TaskTimerScheduler } from './application/fire-due-timers/task-timer.scheduler';
import { GetProcessingStatusUseCase } from './application/get-processing-status/get-processing-status.use-case';
import { PartnerRequestIds } from './application/partner-request-ids';
import { ProcessingMetrics } from './application/processing-metrics';
import { ProcessingOutbox } from './application/processing-outbox';
import { ProcessingRequestStore } from './application/processing-request.store';
import { ProjectSandboxes } from './application/project-sandboxes';
import { RecordTransition } from './application/record-transition';
import { ResumeTaskUseCase } from './application/resume-task/resume-task.use-case';
import { SubmitProcessingUseCase } from './application/submit-processing/submit-processing.use-case';
import { CachedProjectSandboxes } from './infrastructure/cached-project-sandboxes';
import { PartnerRequestIdRepository } from './infrastructure/partner-request-id.repository';
import { ProcessingOutboxWriter } from './infrastructure/processing-outbox.writer';
import { ProcessingRequestRepository } from './infrastructure/processing-request.repository';
import { ProjectSandboxReader } from './infrastructure/project-sandbox.reader';
import { ProcessingRequestsKafkaHandler } from './interface/processing-requests.kafka.handler';
import { TaskResultsKafkaHandler } from './interface/task-results.kafka.handler';

/**
 * Processing requests (ADR 0005): submitted trees, their tasks' results, 3-D Secure returns, the
 * durable timers and the status answers.
 */
@Module({})
export class ProcessingRequestModule {
  static register(config: ProcessingOrchestratorConfig): DynamicModule {
    return {
      module: ProcessingRequestModule,
      controllers: [ProcessingRequestsKafkaHandler, TaskResultsKafkaHandler],
      providers: [
        { provide: ProcessingOrchestratorConfig, useValue: config },
        { provide: ProcessingRequestStore, useClass: ProcessingRequestRepository },
        { provide: PartnerRequestIds, useClass: PartnerRequestIdRepository },
        ProjectSandboxReader,
        {
          provide: ProjectSnapshotCache,
          useFactory: () =>
            new ProjectSnapshotCache(config.databaseUrl, new Logger(CachedProjectSandboxes.name)),
        },
        {
          provide: ProjectSandboxes,
          inject: [ProjectSandboxReader, ProjectSnapshotCache],
          useFactory: (rows: ProjectSandboxReader, cache: ProjectSnapshotCache<boolean | null>) =>
            new CachedProjectSandboxes(rows, cache),
        },
        { provide: ProcessingOutbox, useClass: ProcessingOutboxWriter },
        ProcessingMetrics,
        RecordTransition,
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
