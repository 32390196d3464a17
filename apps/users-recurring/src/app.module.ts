import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import type { UsersRecurringConfig } from './config/users-recurring.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { RecordSubscriptionUseCase } from './subscription/application/record-subscription/record-subscription.use-case';
import { SubscriptionRepository } from './subscription/infrastructure/subscription.repository';
import { RecurringSubscribedKafkaHandler } from './subscription/interface/recurring-subscribed.kafka.handler';
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
      ],
      providers: [
        UserRepository,
        ResolveUserUseCase,
        GetUserUseCase,
        SubscriptionRepository,
        RecordSubscriptionUseCase,
        RunUserTaskUseCase,
      ],
    };
  }
}
