import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { RecurringSubscribedV1Message, type RecurringSubscribedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { RecordSubscriptionUseCase } from '../application/record-subscription/record-subscription.use-case';

@Controller()
export class RecurringSubscribedKafkaHandler {
  constructor(private readonly recordSubscription: RecordSubscriptionUseCase) {}

  @OnMessage(RecurringSubscribedV1Message)
  handle(@Payload() event: RecurringSubscribedV1, @Ctx() context: MessageContext): Promise<void> {
    return this.recordSubscription.execute(context.transaction<UnitOfWork>(), event);
  }
}
