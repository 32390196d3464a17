import { Module } from '@nestjs/common';
import { PayoutTraceStore, PayoutTraceUseCase } from './application/payout-trace.use-case';
import { PayoutTraceRepository } from './infrastructure/payout-trace.repository';
import { PayoutTraceKafkaHandler } from './interface/payout-trace.kafka.handler';

/** Payouts' part of the money trace (ADR 0066). */
@Module({
  controllers: [PayoutTraceKafkaHandler],
  providers: [PayoutTraceUseCase, { provide: PayoutTraceStore, useClass: PayoutTraceRepository }],
})
export class TraceModule {}
