import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { PartnerSnapshotCache } from '@opp/snapshots';
import type { NotifierConfig } from '../config/notifier.config';
import { NotifiedPartners, type NotifiedPartner } from './application/notified-partners';
import { NotifyPartnerUseCase } from './application/notify-partner.use-case';
import { CachedNotifiedPartners } from './infrastructure/cached-notified-partners';
import { PartnerSnapshotRepository } from './infrastructure/partner-snapshot.repository';
import { RequestFinishedKafkaHandler } from './interface/request-finished.kafka.handler';

/** Partner notifications: a finished processing request, one signed delivery per target (ADR 0004). */
@Module({})
export class PartnerNotificationModule {
  static register(delivery: DynamicModule, config: NotifierConfig): DynamicModule {
    return {
      module: PartnerNotificationModule,
      imports: [delivery],
      controllers: [RequestFinishedKafkaHandler],
      providers: [
        PartnerSnapshotRepository,
        {
          provide: PartnerSnapshotCache,
          useFactory: () =>
            new PartnerSnapshotCache(config.databaseUrl, new Logger(CachedNotifiedPartners.name)),
        },
        {
          provide: NotifiedPartners,
          inject: [PartnerSnapshotRepository, PartnerSnapshotCache],
          useFactory: (
            rows: PartnerSnapshotRepository,
            cache: PartnerSnapshotCache<NotifiedPartner | null>,
          ) => new CachedNotifiedPartners(rows, cache),
        },
        NotifyPartnerUseCase,
      ],
    };
  }
}
