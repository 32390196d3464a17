import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { RecurringChargeSettledV1Message, type RecurringChargeSettledV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { RecordAutomaticOutcomeUseCase } from '../application/schedule/record-automatic-outcome.use-case';

@Controller()
export class RecurringChargeSettledKafkaHandler {
  constructor(private readonly recordOutcome: RecordAutomaticOutcomeUseCase) {}

  @OnMessage(RecurringChargeSettledV1Message)
  handle(@Payload() event: RecurringChargeSettledV1, @Ctx() context: MessageContext) {
    return this.recordOutcome.execute(context.transaction<UnitOfWork>(), event);
  }
}
