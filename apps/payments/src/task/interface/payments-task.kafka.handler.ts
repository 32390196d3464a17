import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { PaymentsTaskCommandV1Message, type TaskCommandV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { RunPaymentsTaskUseCase } from '../application/run-payments-task.use-case';

/** Task commands from the orchestrator; a redelivered command is skipped by the inbox. */
@Controller()
export class PaymentsTaskKafkaHandler {
  constructor(private readonly runTask: RunPaymentsTaskUseCase) {}

  @OnMessage(PaymentsTaskCommandV1Message)
  async handle(@Payload() command: TaskCommandV1, @Ctx() context: MessageContext): Promise<void> {
    await this.runTask.execute(
      context.transaction<UnitOfWork>(),
      command,
      context.envelope.correlationId ?? command.globalId,
    );
  }
}
