import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { PayoutFundsReservedV1Message, type PayoutFundsReservedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { AcceptReservedPayoutUseCase } from '../application/accept-reserved-payout.use-case';

@Controller()
export class PayoutFundsKafkaHandler {
  constructor(private readonly accept: AcceptReservedPayoutUseCase) {}

  @OnMessage(PayoutFundsReservedV1Message)
  reserved(@Payload() event: PayoutFundsReservedV1, @Ctx() context: MessageContext) {
    return this.accept.execute(context.transaction(), event);
  }
}
