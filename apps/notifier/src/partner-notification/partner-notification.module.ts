import { Module, type DynamicModule } from '@nestjs/common';
import { NotifiedPartners } from './application/notified-partners';
import { NotifyPartnerUseCase } from './application/notify-partner.use-case';
import { PartnerSnapshotRepository } from './infrastructure/partner-snapshot.repository';
import { RequestFinishedKafkaHandler } from './interface/request-finished.kafka.handler';

/** Partner notifications: a finished processing request, one signed delivery per target (ADR 0004). */
@Module({})
export class PartnerNotificationModule {
  static register(delivery: DynamicModule): DynamicModule {
    return {
      module: PartnerNotificationModule,
      imports: [delivery],
      controllers: [RequestFinishedKafkaHandler],
      providers: [
        { provide: NotifiedPartners, useClass: PartnerSnapshotRepository },
        NotifyPartnerUseCase,
      ],
    };
  }
}
