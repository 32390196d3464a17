import { Module } from '@nestjs/common';
import { RunPayoutTaskUseCase } from '../payout-task/application/run-payout-task.use-case';
import { PayoutTaskOutbox } from '../payout-task/application/payout-task.outbox';
import { PayoutTaskOutboxWriter } from '../payout-task/infrastructure/payout-task.outbox-writer';
import { PayoutTaskKafkaHandler } from '../payout-task/interface/payout-task.kafka.handler';
import { PayoutCatalogueUseCase } from './application/payout-catalogue.use-case';
import { PayoutCatalogueKafkaHandler } from './interface/payout-catalogue.kafka.handler';

/** Payout types, parameters and order checks (ADR 0011), for payout flows and `payout` tasks. */
@Module({
  controllers: [PayoutCatalogueKafkaHandler, PayoutTaskKafkaHandler],
  providers: [
    PayoutCatalogueUseCase,
    RunPayoutTaskUseCase,
    { provide: PayoutTaskOutbox, useClass: PayoutTaskOutboxWriter },
  ],
  exports: [PayoutCatalogueUseCase],
})
export class PayoutCatalogueModule {}
