import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  TaskResultV1Message,
  TaskResultV2Message,
  type TaskResultV1,
  type TaskResultV2,
} from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import type { UnitOfWork } from '@opp/persistence';
import { ApplyTaskResultUseCase } from '../application/apply-task-result/apply-task-result.use-case';

@Controller()
export class TaskResultsKafkaHandler {
  constructor(private readonly applyTaskResult: ApplyTaskResultUseCase) {}

  /** Users, payouts, notifier and payments' payouts answer v1: no transaction to render. */
  @OnMessage(TaskResultV1Message)
  handle(@Payload() result: TaskResultV1, @Ctx() context: MessageContext) {
    return this.applyTaskResult.execute(context.transaction<UnitOfWork>(), result);
  }

  /** Payments' transaction tasks answer v2: the transaction in domain terms (ADR 0031). */
  @OnMessage(TaskResultV2Message)
  handleV2(@Payload() result: TaskResultV2, @Ctx() context: MessageContext) {
    return this.applyTaskResult.execute(context.transaction<UnitOfWork>(), result);
  }
}
