import { Module, type DynamicModule } from '@nestjs/common';
import { PayoutsConfig } from '../config/payouts.config';
import { PayoutCatalogueModule } from '../payout-type/payout-catalogue.module';
import { ExpirePayoutFlowsWorker } from './application/expire-payout-flows.worker';
import { PayoutFlowStore } from './application/payout-flow.store';
import { ReservationAnswersUseCase } from './application/reservation-answers.use-case';
import { StartPayoutFlowUseCase } from './application/start-payout-flow.use-case';
import { PayoutFlowRepository } from './infrastructure/payout-flow.repository';
import { PayoutFlowKafkaHandler } from './interface/payout-flow.kafka.handler';

/**
 * The payout saga (ADR 0060, docs/architecture/sagas.md, Payout): payouts owns a POST /payout's
 * flow from the check to the rail, asks payments for the reservation and compensates it.
 */
@Module({})
export class PayoutFlowModule {
  /** `orders`: the app's one PayoutOrderModule, whose acceptance the flows drive. */
  static register(config: PayoutsConfig, orders: DynamicModule): DynamicModule {
    return {
      module: PayoutFlowModule,
      imports: [PayoutCatalogueModule, orders],
      controllers: [PayoutFlowKafkaHandler],
      providers: [
        { provide: PayoutsConfig, useValue: config },
        { provide: PayoutFlowStore, useClass: PayoutFlowRepository },
        StartPayoutFlowUseCase,
        ReservationAnswersUseCase,
        ExpirePayoutFlowsWorker,
      ],
    };
  }
}
