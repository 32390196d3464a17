import { Module, type DynamicModule } from '@nestjs/common';
import { AcquirerModule } from '../acquirer/acquirer.module';
import { ChargeModule } from '../charge/charge.module';
import type { PaymentsConfig } from '../config/payments.config';
import { ProjectModule } from '../project/project.module';
import { CheckoutUseCase } from './application/checkout.use-case';
import { CreateWalletTransactionUseCase } from './application/create-wallet-transaction.use-case';
import { WalletKafkaHandler } from './interface/wallet.kafka.handler';

/** Wallet payments (ADR 0008): a transaction without a card, finished on the checkout page. */
@Module({})
export class WalletModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: WalletModule,
      imports: [ChargeModule.register(config), AcquirerModule, ProjectModule],
      controllers: [WalletKafkaHandler],
      providers: [CreateWalletTransactionUseCase, CheckoutUseCase],
    };
  }
}
