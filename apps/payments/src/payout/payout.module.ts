import { Module, type DynamicModule } from '@nestjs/common';
import { CardVaultModule } from '../card-vault/card-vault.module';
import type { PaymentsConfig } from '../config/payments.config';
import { LedgerModule } from '../ledger/ledger.module';
import { ProjectModule } from '../project/project.module';
import { PayoutCardAccountReader } from './application/payout-card-account';
import { PayoutStore } from './application/payout.store';
import { ReservePayoutFundsUseCase } from './application/reserve-payout-funds.use-case';
import { ReservePayoutUseCase } from './application/reserve-payout.use-case';
import { RunPayoutTaskUseCase } from './application/run-payout-task.use-case';
import { SettlePayoutUseCase } from './application/settle-payout.use-case';
import { PayoutRepository } from './infrastructure/payout.repository';
import { PayoutKafkaHandler } from './interface/payout.kafka.handler';

/**
 * Payouts in the merchant's ledger (ADR 0060): reservation against the available balance and
 * posting or release on the rail's answer.
 */
@Module({})
export class PayoutModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: PayoutModule,
      imports: [CardVaultModule.register(config), LedgerModule, ProjectModule],
      controllers: [PayoutKafkaHandler],
      providers: [
        { provide: PayoutStore, useClass: PayoutRepository },
        PayoutCardAccountReader,
        ReservePayoutUseCase,
        ReservePayoutFundsUseCase,
        SettlePayoutUseCase,
        RunPayoutTaskUseCase,
      ],
    };
  }
}
