import { Module } from '@nestjs/common';
import { AcquirerModule } from '../acquirer/acquirer.module';
import { CardVaultModule } from '../card-vault/card-vault.module';
import { LedgerModule } from '../ledger/ledger.module';
import { PayoutRecordsModule } from '../payout/payout-records.module';
import { ProjectModule } from '../project/project.module';
import { RollingReserveModule } from '../rolling-reserve/rolling-reserve.module';
import { registerOnce } from '../shared/register-once';
import { AuthenticateChargeUseCase } from './application/authenticate-charge/authenticate-charge.use-case';
import { ChargeContextReader } from './application/charge-context';
import { ChargeOutcomes } from './application/charge-outcomes';
import { LiveOrderGuard } from './application/live-order-guard';
import { ProcessChargeUseCase } from './application/process-charge/process-charge.use-case';
import { ProcessRecurringChargeUseCase } from './application/process-recurring-charge/process-recurring-charge.use-case';
import { RunRecurringChargeCommandUseCase } from './application/process-recurring-charge/run-recurring-charge-command.use-case';
import { GetTransactionRecordUseCase } from './application/queries/get-transaction-record.use-case';
import { GetTransactionUseCase } from './application/queries/get-transaction.use-case';
import { ListTransactionsUseCase } from './application/queries/list-transactions.use-case';
import { RequestQueue } from './application/request-queue';
import { ReversePaymentUseCase } from './application/reverse-payment/reverse-payment.use-case';
import { ReturnRollingReserveWorker } from './application/return-rolling-reserve.worker';
import { SettleProcessingWorker } from './application/settle-processing/settle-processing.worker';
import { TransactionStore } from './application/transaction.store';
import { AdvisoryLockRequestQueue } from './infrastructure/advisory-lock-request-queue';
import { ChargeContextRepository } from './infrastructure/charge-context.repository';
import { SavepointLiveOrderGuard } from './infrastructure/live-order-guard';
import { TransactionRepository } from './infrastructure/transaction.repository';
import { ChargeKafkaHandler } from './interface/charge.kafka.handler';
import { RecurringChargeKafkaHandler } from './interface/recurring-charge.kafka.handler';
import { ReversalKafkaHandler } from './interface/reversal.kafka.handler';
import { TransactionQueriesKafkaHandler } from './interface/transaction-queries.kafka.handler';

/**
 * Card charges and the transactions that follow a payment (reversals, the rolling reserve's
 * return): every status change with its ledger entries and events. Wallet payments and disputes
 * build on what this module exports.
 */
@Module({})
export class ChargeModule {
  /** Imported by wallet, dispute and task; its workers and handlers must exist once. */
  static readonly register = registerOnce((config) => ({
    module: ChargeModule,
    imports: [
      AcquirerModule,
      CardVaultModule.register(config),
      LedgerModule,
      PayoutRecordsModule,
      ProjectModule,
      RollingReserveModule,
    ],
    controllers: [
      ChargeKafkaHandler,
      ReversalKafkaHandler,
      RecurringChargeKafkaHandler,
      TransactionQueriesKafkaHandler,
    ],
    providers: [
      { provide: TransactionStore, useClass: TransactionRepository },
      { provide: ChargeContextReader, useClass: ChargeContextRepository },
      { provide: LiveOrderGuard, useClass: SavepointLiveOrderGuard },
      { provide: RequestQueue, useClass: AdvisoryLockRequestQueue },
      ChargeOutcomes,
      ProcessChargeUseCase,
      AuthenticateChargeUseCase,
      ReversePaymentUseCase,
      GetTransactionUseCase,
      GetTransactionRecordUseCase,
      ListTransactionsUseCase,
      ProcessRecurringChargeUseCase,
      RunRecurringChargeCommandUseCase,
      SettleProcessingWorker,
      ReturnRollingReserveWorker,
    ],
    exports: [
      TransactionStore,
      LiveOrderGuard,
      RequestQueue,
      ChargeOutcomes,
      ProcessChargeUseCase,
      AuthenticateChargeUseCase,
      ReversePaymentUseCase,
      GetTransactionUseCase,
    ],
  }));
}
