import { Module } from '@nestjs/common';
import { RecurringTraceStore, RecurringTraceUseCase } from './application/recurring-trace.use-case';
import { RecurringTraceRepository } from './infrastructure/recurring-trace.repository';
import { RecurringTraceKafkaHandler } from './interface/recurring-trace.kafka.handler';

/** Users-recurring's part of the money trace (ADR 0066). */
@Module({
  controllers: [RecurringTraceKafkaHandler],
  providers: [
    RecurringTraceUseCase,
    { provide: RecurringTraceStore, useClass: RecurringTraceRepository },
  ],
})
export class TraceModule {}
