import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import { TraceModule } from './trace/trace.module';
import { ProjectClockModule } from '@opp/snapshots';
import type { UsersRecurringConfig } from './config/users-recurring.config';
import * as database from './database/database-options';
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
        PlatformModule.forService(database, config),
        // Sandbox project clocks: schedules and trials follow their project's time (ADR 0069).
        ProjectClockModule,
        UserModule,
        TraceModule,
        subscriptions,
        TaskModule.register(subscriptions),
      ],
    };
  }
}
