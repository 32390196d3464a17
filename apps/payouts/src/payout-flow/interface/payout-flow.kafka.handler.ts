import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  CreatePayoutV1Request,
  PayoutFundsRefusedV1Message,
  PayoutFundsReservedV1Message,
  type CreatePayoutV1,
  type PayoutFundsRefusedV1,
  type PayoutFundsReservedV1,
  answer,
} from '@opp/contracts';
import { MessageContext, OnMessage, OnRequest } from '@opp/messaging';
import { ReservationAnswersUseCase } from '../application/reservation-answers.use-case';
import { StartPayoutFlowUseCase } from '../application/start-payout-flow.use-case';

@Controller()
export class PayoutFlowKafkaHandler {
  constructor(
    private readonly start: StartPayoutFlowUseCase,
    private readonly answers: ReservationAnswersUseCase,
  ) {}

  /** Idempotent by the flow's own unique request key, not the inbox: the gateway re-sends it. */
  @OnRequest(CreatePayoutV1Request, { inbox: false })
  createPayout(@Payload() command: CreatePayoutV1) {
    return answer(() => this.start.execute(command));
  }

  @OnMessage(PayoutFundsReservedV1Message)
  reserved(@Payload() event: PayoutFundsReservedV1, @Ctx() context: MessageContext) {
    return this.answers.reserved(context.transaction(), event);
  }

  @OnMessage(PayoutFundsRefusedV1Message)
  refused(@Payload() event: PayoutFundsRefusedV1, @Ctx() context: MessageContext) {
    return this.answers.refused(context.transaction(), event);
  }
}
