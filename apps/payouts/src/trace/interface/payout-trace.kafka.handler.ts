import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PayoutsTraceV1Request, type TraceQueryV1 } from '@opp/contracts';
import { OnRequest } from '@opp/messaging';
import { PayoutTraceUseCase } from '../application/payout-trace.use-case';

@Controller()
export class PayoutTraceKafkaHandler {
  constructor(private readonly trace: PayoutTraceUseCase) {}

  /** A read (ADR 0066): no inbox row. */
  @OnRequest(PayoutsTraceV1Request, { inbox: false })
  part(@Payload() query: TraceQueryV1) {
    return this.trace.execute(query);
  }
}
