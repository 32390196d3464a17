import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { RequestFinishedV1Message, type RequestFinishedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { NotifyPartnerUseCase } from '../application/notify-partner.use-case';

@Controller()
export class RequestFinishedKafkaHandler {
  constructor(private readonly notifyPartner: NotifyPartnerUseCase) {}

  @OnMessage(RequestFinishedV1Message)
  handle(@Payload() event: RequestFinishedV1, @Ctx() context: MessageContext) {
    return this.notifyPartner.execute(context.transaction<UnitOfWork>(), event);
  }
}
