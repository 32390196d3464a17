import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { RecurringChargeSettledV1Message, type RecurringChargeSettledV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { FinishRecurringChargeUseCase } from '../application/charge-flow/finish-recurring-charge.use-case';
import { RecordAutomaticOutcomeUseCase } from '../application/schedule/record-automatic-outcome.use-case';

/** payments' answer to a recurring charge: a flow's (manual, task) or a scheduled period's. */
@Controller()
export class RecurringChargeSettledKafkaHandler {
  constructor(
    private readonly finishFlow: FinishRecurringChargeUseCase,
    private readonly recordOutcome: RecordAutomaticOutcomeUseCase,
  ) {}

  @OnMessage(RecurringChargeSettledV1Message)
  handle(@Payload() event: RecurringChargeSettledV1, @Ctx() context: MessageContext) {
    const work = context.transaction<UnitOfWork>();
    const { flowKey } = event;
    if (flowKey !== undefined) return this.finishFlow.execute(work, { ...event, flowKey });
    return this.recordOutcome.execute(work, event);
  }
}
