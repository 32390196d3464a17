import { Module, type DynamicModule } from '@nestjs/common';
import { CardVaultModule } from '../card-vault/card-vault.module';
import { ChargeModule } from '../charge/charge.module';
import type { PaymentsConfig } from '../config/payments.config';
import { RunPaymentsTaskUseCase } from './application/run-payments-task.use-case';
import { PaymentsTaskKafkaHandler } from './interface/payments-task.kafka.handler';

/** The processing tasks payments runs for the orchestrator (charges, 3-D Secure, reversals). */
@Module({})
export class TaskModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: TaskModule,
      imports: [ChargeModule.register(config), CardVaultModule.register(config)],
      controllers: [PaymentsTaskKafkaHandler],
      providers: [RunPaymentsTaskUseCase],
    };
  }
}
