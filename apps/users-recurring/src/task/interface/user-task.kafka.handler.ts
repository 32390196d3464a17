import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { UsersTaskCommandV1Message, type TaskCommandV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { RunUserTaskUseCase } from '../application/run-user-task.use-case';

/** Task commands from the orchestrator; a redelivered command is skipped by the inbox. */
@Controller()
export class UserTaskKafkaHandler {
  constructor(private readonly runTask: RunUserTaskUseCase) {}

  @OnMessage(UsersTaskCommandV1Message)
  async handle(@Payload() task: TaskCommandV1, @Ctx() context: MessageContext): Promise<void> {
    await this.runTask.execute(
      context.transaction<UnitOfWork>(),
      task,
      context.envelope.correlationId,
    );
  }
}
