import { Module } from '@nestjs/common';
import { ProcessingSearchStore } from './application/processing-search.store';
import { SearchProcessingUseCase } from './application/search-processing.use-case';
import { TreeTraceStore } from './application/tree-trace.store';
import { TreeTraceUseCase } from './application/tree-trace.use-case';
import { ProcessingSearchRepository } from './infrastructure/processing-search.repository';
import { TreeTraceRepository } from './infrastructure/tree-trace.repository';
import { ProcessingSearchKafkaHandler } from './interface/processing-search.kafka.handler';
import { TreeTraceKafkaHandler } from './interface/tree-trace.kafka.handler';

/** The orchestrator's part of the money trace and of the admin search (ADR 0066). */
@Module({
  controllers: [TreeTraceKafkaHandler, ProcessingSearchKafkaHandler],
  providers: [
    TreeTraceUseCase,
    SearchProcessingUseCase,
    { provide: TreeTraceStore, useClass: TreeTraceRepository },
    { provide: ProcessingSearchStore, useClass: ProcessingSearchRepository },
  ],
})
export class TraceModule {}
