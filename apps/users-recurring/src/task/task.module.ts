import { Module, type DynamicModule } from '@nestjs/common';
import { UserModule } from '../user/user.module';
import { ChargeRecurringTask } from './application/charge-recurring-task';
import { RunUserTaskUseCase } from './application/run-user-task.use-case';
import { UserTaskKafkaHandler } from './interface/user-task.kafka.handler';

/** The orchestrator's task functions users-recurring runs: `user.resolve`, `recurring.charge`. */
@Module({})
export class TaskModule {
  /** `subscriptions`: the app's SubscriptionModule, the same dynamic module it imports. */
  static register(subscriptions: DynamicModule): DynamicModule {
    return {
      module: TaskModule,
      imports: [UserModule, subscriptions],
      controllers: [UserTaskKafkaHandler],
      providers: [RunUserTaskUseCase, ChargeRecurringTask],
    };
  }
}
