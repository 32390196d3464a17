import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Ctx, Payload } from '@nestjs/microservices';
import { autocommitWork } from '@opp/persistence';
import { TransactionStatusChangedV1Message, type TransactionStatusChangedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { CreateMerchantCallbackUseCase } from '../application/create-merchant-callback.use-case';

/**
 * A status change the merchant is called back about becomes a delivery keyed by the event's id, so
 * a redelivered event finds its delivery and adds nothing: no inbox, one statement (ADR 0047).
 */
@Controller()
export class TransactionStatusChangedKafkaHandler {
  constructor(
    private readonly createCallback: CreateMerchantCallbackUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessage(TransactionStatusChangedV1Message, { inbox: false })
  handle(@Payload() event: TransactionStatusChangedV1, @Ctx() context: MessageContext) {
    return this.createCallback.execute(autocommitWork(this.dataSource), event, context.envelope.id);
  }
}
