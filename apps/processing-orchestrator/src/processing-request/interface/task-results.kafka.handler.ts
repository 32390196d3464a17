import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { TaskResultV1Message, type TaskResultV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import type { UnitOfWork } from '@opp/persistence';
import { ApplyTaskResultUseCase } from '../application/apply-task-result/apply-task-result.use-case';

@Controller()
export class TaskResultsKafkaHandler {
  constructor(private readonly applyTaskResult: ApplyTaskResultUseCase) {}

  @OnMessage(TaskResultV1Message)
  handle(@Payload() result: TaskResultV1, @Ctx() context: MessageContext) {
    return this.applyTaskResult.execute(context.transaction<UnitOfWork>(), result);
  }
}
