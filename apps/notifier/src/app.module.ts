import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { ProjectClockModule, SigningSnapshotsModule } from '@opp/snapshots';
import { CallbackModule } from './callback/callback.module';
import type { NotifierConfig } from './config/notifier.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { DeliveryModule } from './delivery/delivery.module';
import { TaskResultReporter } from './message/application/task-result.reporter';
import { MessageModule } from './message/message.module';
import { PartnerNotificationModule } from './partner-notification/partner-notification.module';

@Module({})
export class AppModule {
  static register(config: NotifierConfig): DynamicModule {
    // One engine instance: the features import this same dynamic module (ADR 0031).
    const delivery = DeliveryModule.register(config, TaskResultReporter);
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
        // The notifier signs callbacks and notifications: it reads the signing snapshots (ADR 0063).
        SigningSnapshotsModule,
        // Sandbox project clocks: a delivery's retries follow its project's time (ADR 0069).
        ProjectClockModule.register(config.databaseUrl),
        delivery,
        CallbackModule.register(delivery, config),
        PartnerNotificationModule.register(delivery, config),
        MessageModule.register(delivery),
      ],
    };
  }
}
