import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { PayoutsTaskCommandV1Message, type TaskCommandV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { RunPayoutTaskUseCase } from '../application/run-payout-task.use-case';

/** `payout` task commands from the orchestrator; a redelivered command is skipped by the inbox. */
@Controller()
export class PayoutTaskKafkaHandler {
  constructor(private readonly runTask: RunPayoutTaskUseCase) {}

  @OnMessage(PayoutsTaskCommandV1Message)
  handle(@Payload() command: TaskCommandV1, @Ctx() context: MessageContext): Promise<void> {
    return this.runTask.execute(
      context.transaction(),
      command,
      context.envelope.correlationId ?? command.globalId,
    );
  }
}
