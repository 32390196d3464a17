import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { ProjectSnapshotCache } from '@opp/snapshots';
import type { NotifierConfig } from '../config/notifier.config';
import { CallbackProjects, type CallbackProject } from './application/callback-projects';
import { CreateMerchantCallbackUseCase } from './application/create-merchant-callback.use-case';
import { CachedCallbackProjects } from './infrastructure/cached-callback-projects';
import { ProjectSnapshotRepository } from './infrastructure/project-snapshot.repository';
import { TransactionStatusChangedKafkaHandler } from './interface/transaction-status-changed.kafka.handler';

/** Merchant callbacks: a transaction status change becomes a signed delivery (ADR 0003, ADR 0010). */
@Module({})
export class CallbackModule {
  static register(delivery: DynamicModule, config: NotifierConfig): DynamicModule {
    return {
      module: CallbackModule,
      imports: [delivery],
      controllers: [TransactionStatusChangedKafkaHandler],
      providers: [
        ProjectSnapshotRepository,
        {
          provide: ProjectSnapshotCache,
          useFactory: () =>
            new ProjectSnapshotCache(config.databaseUrl, new Logger(CachedCallbackProjects.name)),
        },
        {
          provide: CallbackProjects,
          inject: [ProjectSnapshotRepository, ProjectSnapshotCache],
          useFactory: (
            rows: ProjectSnapshotRepository,
            cache: ProjectSnapshotCache<CallbackProject | null>,
          ) => new CachedCallbackProjects(rows, cache),
        },
        CreateMerchantCallbackUseCase,
      ],
    };
  }
}
