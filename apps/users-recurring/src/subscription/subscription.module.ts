import { Module, type DynamicModule } from '@nestjs/common';
import { UsersRecurringConfig } from '../config/users-recurring.config';
import { UserModule } from '../user/user.module';
import { CancelRecurringUseCase } from './application/cancel-recurring/cancel-recurring.use-case';
import { ChangeRecurringUseCase } from './application/change-recurring/change-recurring.use-case';
import { RecordSubscriptionUseCase } from './application/record-subscription/record-subscription.use-case';
import { CompensateOverdueFlowsUseCase } from './application/charge-flow/compensate-overdue-flows.use-case';
import { FinishRecurringChargeUseCase } from './application/charge-flow/finish-recurring-charge.use-case';
import { RecurringChargeDeadlineWorker } from './application/charge-flow/recurring-charge-deadline.worker';
import { RecurringChargeFlowStore } from './application/charge-flow/recurring-charge-flow.store';
import { StartRecurringChargeUseCase } from './application/charge-flow/start-recurring-charge.use-case';
import { RecordAutomaticOutcomeUseCase } from './application/schedule/record-automatic-outcome.use-case';
import { RecurringSchedulerWorker } from './application/schedule/recurring-scheduler.worker';
import { SweepDueSubscriptionsUseCase } from './application/schedule/sweep-due-subscriptions.use-case';
import { SubscriptionStore } from './application/subscription.store';
import { RecurringChargeFlowRepository } from './infrastructure/recurring-charge-flow.repository';
import { SubscriptionRepository } from './infrastructure/subscription.repository';
import { RecurringChargeSettledKafkaHandler } from './interface/recurring-charge-settled.kafka.handler';
import { RecurringSettingsKafkaHandler } from './interface/recurring-settings.kafka.handler';
import { RecurringSubscribedKafkaHandler } from './interface/recurring-subscribed.kafka.handler';

/**
 * Recurring subscriptions (ADR 0012): subscribe, change, cancel, the recurring charge saga with
 * its deadline (ADR 0060), and the automatic scheduler with the outcomes payments reports.
 */
@Module({})
export class SubscriptionModule {
  static register(config: UsersRecurringConfig): DynamicModule {
    return {
      module: SubscriptionModule,
      imports: [UserModule],
      controllers: [
        RecurringSubscribedKafkaHandler,
        RecurringSettingsKafkaHandler,
        RecurringChargeSettledKafkaHandler,
      ],
      providers: [
        { provide: UsersRecurringConfig, useValue: config },
        { provide: SubscriptionStore, useClass: SubscriptionRepository },
        RecordSubscriptionUseCase,
        ChangeRecurringUseCase,
        CancelRecurringUseCase,
        { provide: RecurringChargeFlowStore, useClass: RecurringChargeFlowRepository },
        StartRecurringChargeUseCase,
        FinishRecurringChargeUseCase,
        CompensateOverdueFlowsUseCase,
        RecurringChargeDeadlineWorker,
        SweepDueSubscriptionsUseCase,
        RecurringSchedulerWorker,
        RecordAutomaticOutcomeUseCase,
      ],
      exports: [SubscriptionStore, StartRecurringChargeUseCase],
    };
  }
}
