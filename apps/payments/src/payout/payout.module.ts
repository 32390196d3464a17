import { Module, type DynamicModule } from '@nestjs/common';
import { OpeningKeyRing } from '@opp/crypto';
import { PaymentsConfig } from '../config/payments.config';
import { CardVaultRepository } from '../card-vault/infrastructure/card-vault.repository';
import { LedgerRepository } from '../ledger/infrastructure/ledger.repository';
import { ProjectSettingsRepository } from '../project/project-settings.repository';
import { PayoutCardAccountReader } from './application/payout-card-account';
import { PayoutStore } from './application/payout.store';
import { ReservePayoutUseCase } from './application/reserve-payout.use-case';
import { RunPayoutTaskUseCase } from './application/run-payout-task.use-case';
import { SettlePayoutUseCase } from './application/settle-payout.use-case';
import { PayoutRepository } from './infrastructure/payout.repository';
import { PayoutKafkaHandler } from './interface/payout.kafka.handler';

/**
 * Payouts in the merchant's ledger (ADR 0026): reservation against the available balance and
 * posting or release on the rail's answer.
 */
@Module({})
export class PayoutModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: PayoutModule,
      controllers: [PayoutKafkaHandler],
      providers: [
        { provide: OpeningKeyRing, useValue: new OpeningKeyRing(config.cardDataPrivateKeys) },
        { provide: PayoutStore, useClass: PayoutRepository },
        LedgerRepository,
        ProjectSettingsRepository,
        CardVaultRepository,
        PayoutCardAccountReader,
        ReservePayoutUseCase,
        SettlePayoutUseCase,
        RunPayoutTaskUseCase,
      ],
    };
  }
}
