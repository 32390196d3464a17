import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { UsersRecurringConfig } from './config/users-recurring.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { RecordSubscriptionUseCase } from './subscription/application/record-subscription/record-subscription.use-case';
import { SubscriptionRepository } from './subscription/infrastructure/subscription.repository';
import { RecurringSubscribedKafkaHandler } from './subscription/interface/recurring-subscribed.kafka.handler';
import { CancelRecurringUseCase } from './subscription/application/cancel-recurring/cancel-recurring.use-case';
import { ChangeRecurringUseCase } from './subscription/application/change-recurring/change-recurring.use-case';
import { ReserveRecurringChargeUseCase } from './subscription/application/reserve-recurring-charge/reserve-recurring-charge.use-case';
import { RecordAutomaticOutcomeUseCase } from './subscription/application/schedule/record-automatic-outcome.use-case';
import { RecurringSchedulerWorker } from './subscription/application/schedule/recurring-scheduler.worker';
import { SweepDueSubscriptionsUseCase } from './subscription/application/schedule/sweep-due-subscriptions.use-case';
import { RecurringChargeSettledKafkaHandler } from './subscription/interface/recurring-charge-settled.kafka.handler';
import { RecurringSettingsKafkaHandler } from './subscription/interface/recurring-settings.kafka.handler';
import { ChargeRecurringTask } from './task/application/charge-recurring-task';
import { RunUserTaskUseCase } from './task/application/run-user-task.use-case';
import { UserTaskKafkaHandler } from './task/interface/user-task.kafka.handler';
import { GetUserUseCase } from './user/application/get-user/get-user.use-case';
import { GetUserKafkaHandler } from './user/interface/get-user.kafka.handler';
import { ResolveUserUseCase } from './user/application/resolve-user/resolve-user.use-case';
import { UserRepository } from './user/infrastructure/user.repository';
import { ResolveUserKafkaHandler } from './user/interface/resolve-user.kafka.handler';

@Module({})
export class AppModule {
  static register(config: UsersRecurringConfig): DynamicModule {
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
      ],
      controllers: [
        ResolveUserKafkaHandler,
        GetUserKafkaHandler,
        RecurringSubscribedKafkaHandler,
        UserTaskKafkaHandler,
        RecurringSettingsKafkaHandler,
        RecurringChargeSettledKafkaHandler,
      ],
      providers: [
        UserRepository,
        ResolveUserUseCase,
        GetUserUseCase,
        SubscriptionRepository,
        RecordSubscriptionUseCase,
        RunUserTaskUseCase,
        { provide: UsersRecurringConfig, useValue: config },
        ChangeRecurringUseCase,
        CancelRecurringUseCase,
        ReserveRecurringChargeUseCase,
        SweepDueSubscriptionsUseCase,
        RecurringSchedulerWorker,
        RecordAutomaticOutcomeUseCase,
        ChargeRecurringTask,
      ],
    };
  }
}
