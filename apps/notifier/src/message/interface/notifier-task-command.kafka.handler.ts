import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { NotifierTaskCommandV1Message, type TaskCommandV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { SendMessageUseCase } from '../application/send-message.use-case';

@Controller()
export class NotifierTaskCommandKafkaHandler {
  constructor(private readonly sendMessage: SendMessageUseCase) {}

  @OnMessage(NotifierTaskCommandV1Message)
  handle(@Payload() command: TaskCommandV1, @Ctx() context: MessageContext) {
    return this.sendMessage.execute(context.transaction<UnitOfWork>(), command);
  }
}
