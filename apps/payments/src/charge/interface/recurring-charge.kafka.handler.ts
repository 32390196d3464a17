import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { RecurringChargeCommandV1Message, type RecurringChargeCommandV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { RunRecurringChargeCommandUseCase } from '../application/process-recurring-charge/run-recurring-charge-command.use-case';

/** Recurring charges (ADR 0012): the commands of users-recurring's charge flows (ADR 0060). */
@Controller()
export class RecurringChargeKafkaHandler {
  constructor(
    @Inject(RunRecurringChargeCommandUseCase)
    private readonly runCommand: RunRecurringChargeCommandUseCase,
  ) {}

  @OnMessage(RecurringChargeCommandV1Message)
  async command(@Payload() command: RecurringChargeCommandV1, @Ctx() context: MessageContext) {
    await this.runCommand.execute(
      context.transaction<UnitOfWork>(),
      command,
      context.envelope.correlationId,
    );
  }
}
