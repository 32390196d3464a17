import { Module, type DynamicModule } from '@nestjs/common';
import { PayoutsConfig } from '../config/payouts.config';
import { AcceptReservedPayoutUseCase } from './application/accept-reserved-payout.use-case';
import { PayoutMetrics } from './application/payout-metrics';
import { PayoutOrderStore } from './application/payout-order.store';
import { SettlePayoutsWorker } from './application/settle-payouts.worker';
import { PayoutOrderRepository } from './infrastructure/payout-order.repository';

/** Payout orders: accepted once their funds are reserved (PayoutFlowModule), settled by the sandbox rail. */
@Module({})
export class PayoutOrderModule {
  static register(config: PayoutsConfig): DynamicModule {
    return {
      module: PayoutOrderModule,
      providers: [
        { provide: PayoutsConfig, useValue: config },
        { provide: PayoutOrderStore, useClass: PayoutOrderRepository },
        PayoutMetrics,
        AcceptReservedPayoutUseCase,
        SettlePayoutsWorker,
      ],
      exports: [AcceptReservedPayoutUseCase],
    };
  }
}
