import { Module } from '@nestjs/common';
import { ProjectModule } from '../project/project.module';
import {
  BalanceHistoryUseCase,
  SearchTransactionsUseCase,
} from './application/admin-search.use-cases';
import { PaymentsTraceUseCase } from './application/payments-trace.use-case';
import { PaymentsSearchStore, PaymentsTraceStore } from './application/trace.store';
import { PaymentsSearchRepository } from './infrastructure/payments-search.repository';
import { PaymentsTraceRepository } from './infrastructure/payments-trace.repository';
import { TraceKafkaHandler } from './interface/trace.kafka.handler';

/** Payments' part of the money trace, the admin search and the balance history (ADR 0066). */
@Module({
  imports: [ProjectModule],
  controllers: [TraceKafkaHandler],
  providers: [
    PaymentsTraceUseCase,
    SearchTransactionsUseCase,
    BalanceHistoryUseCase,
    { provide: PaymentsTraceStore, useClass: PaymentsTraceRepository },
    { provide: PaymentsSearchStore, useClass: PaymentsSearchRepository },
  ],
})
export class TraceModule {}
