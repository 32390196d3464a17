import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import {
  ProcessRecurringChargeV1Request,
  RecurringChargeCommandV1Message,
  type ProcessRecurringChargeV1,
  type RecurringChargeCommandV1,
} from '@opp/contracts';
import { MessageContext, OnMessage, OnRequest } from '@opp/messaging';
import { answer } from '../../shared/answer';
import { ProcessRecurringChargeUseCase } from '../application/process-recurring-charge/process-recurring-charge.use-case';
import { RunRecurringChargeCommandUseCase } from '../application/process-recurring-charge/run-recurring-charge-command.use-case';
import { transactionRecordOf } from '../application/transaction-views';

/** Recurring charges (ADR 0012): the gateway's processRecurring, users-recurring's commands. */
@Controller()
export class RecurringChargeKafkaHandler {
  constructor(
    @Inject(ProcessRecurringChargeUseCase) private readonly charge: ProcessRecurringChargeUseCase,
    @Inject(RunRecurringChargeCommandUseCase)
    private readonly runCommand: RunRecurringChargeCommandUseCase,
  ) {}

  @OnRequest(ProcessRecurringChargeV1Request)
  process(@Payload() command: ProcessRecurringChargeV1, @Ctx() context: MessageContext) {
    return answer(async () =>
      transactionRecordOf(await this.charge.execute(context.transaction<UnitOfWork>(), command)),
    );
  }

  @OnMessage(RecurringChargeCommandV1Message)
  async command(@Payload() command: RecurringChargeCommandV1, @Ctx() context: MessageContext) {
    await this.runCommand.execute(
      context.transaction<UnitOfWork>(),
      command,
      context.envelope.correlationId,
    );
  }
}
