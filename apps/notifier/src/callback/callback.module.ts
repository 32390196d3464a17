import { Module, type DynamicModule } from '@nestjs/common';
import type { NotifierConfig } from '../config/notifier.config';
import { CallbackProjects } from './application/callback-projects';
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
          provide: CallbackProjects,
          inject: [ProjectSnapshotRepository],
          useFactory: (rows: ProjectSnapshotRepository) =>
            new CachedCallbackProjects(rows, config.databaseUrl),
        },
        CreateMerchantCallbackUseCase,
      ],
    };
  }
}
