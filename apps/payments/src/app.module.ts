import { Module, type DynamicModule } from '@nestjs/common';
import { HostedPageKeyRing, OpeningKeyRing } from '@opp/crypto';
import { PlatformModule } from '@opp/platform';
import { SnapshotsModule } from '@opp/snapshots';
import { AcquirerRouter } from './acquirer/application/acquirer-router';
import { SandboxAcquirer } from './acquirer/infrastructure/sandbox-acquirer';
import { GetBalanceUseCase } from './balance/application/get-balance.use-case';
import { BalanceKafkaHandler } from './balance/interface/balance.kafka.handler';
import { CardVault } from './card-vault/application/card-vault';
import { TaskCardData } from './card-vault/application/task-card-data';
import { cardDataKeyProviders } from './card-vault/card-data-keys.providers';
import { SweepExpiredCodesWorker } from './card-vault/application/sweep-expired-codes/sweep-expired-codes.worker';
import { TokenizeCardUseCase } from './card-vault/application/tokenize-card/tokenize-card.use-case';
import { CardVaultRepository } from './card-vault/infrastructure/card-vault.repository';
import { TokenizeCardKafkaHandler } from './card-vault/interface/tokenize-card.kafka.handler';
import { AuthenticateChargeUseCase } from './charge/application/authenticate-charge/authenticate-charge.use-case';
import { ChargeOutcomes } from './charge/application/charge-outcomes';
import { ProcessChargeUseCase } from './charge/application/process-charge/process-charge.use-case';
import { ReversePaymentUseCase } from './charge/application/reverse-payment/reverse-payment.use-case';
import { GetTransactionUseCase } from './charge/application/queries/get-transaction.use-case';
import { ListTransactionsUseCase } from './charge/application/queries/list-transactions.use-case';
import { SettleProcessingWorker } from './charge/application/settle-processing/settle-processing.worker';
import { LiveOrderGuard } from './charge/infrastructure/live-order-guard';
import { TransactionRepository } from './charge/infrastructure/transaction.repository';
import { ChargeKafkaHandler } from './charge/interface/charge.kafka.handler';
import { ReversalKafkaHandler } from './charge/interface/reversal.kafka.handler';
import { ProcessRecurringChargeUseCase } from './charge/application/process-recurring-charge/process-recurring-charge.use-case';
import { RunRecurringChargeCommandUseCase } from './charge/application/process-recurring-charge/run-recurring-charge-command.use-case';
import { RecurringChargeKafkaHandler } from './charge/interface/recurring-charge.kafka.handler';
import { TransactionQueriesKafkaHandler } from './charge/interface/transaction-queries.kafka.handler';
import { SandboxDisputeUseCase } from './dispute/application/sandbox-dispute.use-case';
import { SandboxDisputeKafkaHandler } from './dispute/interface/sandbox-dispute.kafka.handler';
import { PaymentsConfig } from './config/payments.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { LedgerRepository } from './ledger/infrastructure/ledger.repository';
import { PayoutModule } from './payout/payout.module';
import { LiveProjectsStartupCheck } from './project/live-projects-startup-check';
import { ProjectSettingsRepository } from './project/project-settings.repository';
import { HoldRollingReserve } from './rolling-reserve/application/hold-rolling-reserve';
import { ReturnRollingReserveWorker } from './rolling-reserve/application/return-rolling-reserve.worker';
import { RollingReserveRepository } from './rolling-reserve/infrastructure/rolling-reserve.repository';
import { RunPaymentsTaskUseCase } from './task/application/run-payments-task.use-case';
import { PaymentsTaskKafkaHandler } from './task/interface/payments-task.kafka.handler';
import { UserEventsKafkaHandler } from './user/interface/user-events.kafka.handler';
import { CheckoutUseCase } from './wallet/application/checkout.use-case';
import { CreateWalletTransactionUseCase } from './wallet/application/create-wallet-transaction.use-case';
import { WalletKafkaHandler } from './wallet/interface/wallet.kafka.handler';

@Module({})
export class AppModule {
  static register(config: PaymentsConfig): DynamicModule {
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
        SnapshotsModule,
        PayoutModule.register(config),
      ],
      controllers: [
        UserEventsKafkaHandler,
        TokenizeCardKafkaHandler,
        ChargeKafkaHandler,
        ReversalKafkaHandler,
        TransactionQueriesKafkaHandler,
        BalanceKafkaHandler,
        PaymentsTaskKafkaHandler,
        RecurringChargeKafkaHandler,
        WalletKafkaHandler,
        SandboxDisputeKafkaHandler,
      ],
      providers: [
        { provide: PaymentsConfig, useValue: config },
        { provide: OpeningKeyRing, useValue: new OpeningKeyRing(config.cardDataPrivateKeys) },
        { provide: HostedPageKeyRing, useValue: new HostedPageKeyRing(config.hostedPageKeys) },
        // Sandbox projects only (ADR 0006); live ones need a bank adapter, none exists yet (42201).
        { provide: AcquirerRouter, useValue: new AcquirerRouter(new SandboxAcquirer(), null) },
        LiveProjectsStartupCheck,
        ProjectSettingsRepository,
        CardVaultRepository,
        ...cardDataKeyProviders(config),
        CardVault,
        TaskCardData,
        TokenizeCardUseCase,
        SweepExpiredCodesWorker,
        TransactionRepository,
        LedgerRepository,
        RollingReserveRepository,
        HoldRollingReserve,
        ReturnRollingReserveWorker,
        ChargeOutcomes,
        LiveOrderGuard,
        ProcessChargeUseCase,
        AuthenticateChargeUseCase,
        ReversePaymentUseCase,
        SettleProcessingWorker,
        GetTransactionUseCase,
        ListTransactionsUseCase,
        GetBalanceUseCase,
        RunPaymentsTaskUseCase,
        ProcessRecurringChargeUseCase,
        RunRecurringChargeCommandUseCase,
        CreateWalletTransactionUseCase,
        CheckoutUseCase,
        SandboxDisputeUseCase,
      ],
    };
  }
}
