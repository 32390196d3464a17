import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { TransactionStatusChangedV1Message, type TransactionStatusChangedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { CreateMerchantCallbackUseCase } from '../application/create-merchant-callback.use-case';

@Controller()
export class TransactionStatusChangedKafkaHandler {
  constructor(private readonly createCallback: CreateMerchantCallbackUseCase) {}

  @OnMessage(TransactionStatusChangedV1Message)
  handle(@Payload() event: TransactionStatusChangedV1, @Ctx() context: MessageContext) {
    return this.createCallback.execute(
      context.transaction<UnitOfWork>(),
      event,
      context.envelope.id,
    );
  }
}
