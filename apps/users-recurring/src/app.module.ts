import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { ProjectClockModule } from '@opp/snapshots';
import type { UsersRecurringConfig } from './config/users-recurring.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { SubscriptionModule } from './subscription/subscription.module';
import { TaskModule } from './task/task.module';
import { UserModule } from './user/user.module';

@Module({})
export class AppModule {
  static register(config: UsersRecurringConfig): DynamicModule {
    // One instance: the task feature imports this same dynamic module (ADR 0031).
    const subscriptions = SubscriptionModule.register(config);
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
        // Sandbox project clocks: schedules and trials follow their project's time (ADR 0069).
        ProjectClockModule.register(config.databaseUrl),
        UserModule,
        subscriptions,
        TaskModule.register(subscriptions),
      ],
    };
  }
}
