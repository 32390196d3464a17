import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { UsersTraceV1Request, type TraceQueryV1 } from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { RecurringTraceUseCase } from '../application/recurring-trace.use-case';

@Controller()
export class RecurringTraceKafkaHandler {
  constructor(private readonly trace: RecurringTraceUseCase) {}

  /** A read (ADR 0066): no inbox row. */
  @OnRequest(UsersTraceV1Request, { inbox: false })
  part(@Payload() query: TraceQueryV1) {
    return this.trace.execute(query);
  }
}
