import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { SnapshotsModule } from '@opp/snapshots';
import { CreateMerchantCallbackUseCase } from './callback/application/create-merchant-callback.use-case';
import { TransactionStatusChangedKafkaHandler } from './callback/interface/transaction-status-changed.kafka.handler';
import type { NotifierConfig } from './config/notifier.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { DeliveryFinalListener } from './delivery/application/delivery-final.listener';
import { deliveryProviders } from './delivery/delivery.providers';
import { DeliveriesAdminKafkaHandler } from './delivery/interface/deliveries-admin.kafka.handler';
import { SendMessageUseCase } from './message/application/send-message.use-case';
import { TaskResultReporter } from './message/application/task-result.reporter';
import { NotifierTaskCommandKafkaHandler } from './message/interface/notifier-task-command.kafka.handler';
import { NotifyPartnerUseCase } from './partner-notification/application/notify-partner.use-case';
import { RequestFinishedKafkaHandler } from './partner-notification/interface/request-finished.kafka.handler';

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
      controllers: [
        TransactionStatusChangedKafkaHandler,
        RequestFinishedKafkaHandler,
        NotifierTaskCommandKafkaHandler,
        DeliveriesAdminKafkaHandler,
      ],
      providers: [
        ...deliveryProviders(config),
        CreateMerchantCallbackUseCase,
        NotifyPartnerUseCase,
        SendMessageUseCase,
        TaskResultReporter,
        { provide: DeliveryFinalListener, useExisting: TaskResultReporter },
      ],
    };
  }
}
