import { Module } from '@nestjs/common';
import { TreeTraceStore } from './application/tree-trace.store';
import { TreeTraceUseCase } from './application/tree-trace.use-case';
import { TreeTraceRepository } from './infrastructure/tree-trace.repository';
import { TreeTraceKafkaHandler } from './interface/tree-trace.kafka.handler';

/** The orchestrator's part of the money trace (ADR 0066). */
@Module({
  controllers: [TreeTraceKafkaHandler],
  providers: [TreeTraceUseCase, { provide: TreeTraceStore, useClass: TreeTraceRepository }],
})
export class TraceModule {}
