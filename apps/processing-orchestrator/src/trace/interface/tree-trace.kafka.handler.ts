import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ProcessingTraceV1Request, type TraceQueryV1 } from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { TreeTraceUseCase } from '../application/tree-trace.use-case';

@Controller()
export class TreeTraceKafkaHandler {
  constructor(private readonly trace: TreeTraceUseCase) {}

  /** A read (ADR 0066): no inbox row, no transaction held while answering. */
  @OnRequest(ProcessingTraceV1Request, { inbox: false })
  part(@Payload() query: TraceQueryV1) {
    return this.trace.execute(query);
  }
}
