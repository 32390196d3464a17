import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { TransactionStatusChangedV1Message, type TransactionStatusChangedV1 } from '@opp/contracts';
import { MessageContext, OnMessages } from '@opp/messaging';
import { autocommitWork } from '@opp/persistence';
import { deliveryOriginOf } from '../../delivery/interface/message-origin';
import { CreateMerchantCallbackUseCase } from '../application/create-merchant-callback.use-case';

/**
 * A run of status changes becomes its callbacks in one statement that commits by itself, without
 * the inbox: each callback's dedupe key is its event's id, so a redelivered event adds nothing
 * (ADR 0065).
 */
@Controller()
export class TransactionStatusChangedKafkaHandler {
  constructor(
    private readonly createCallback: CreateMerchantCallbackUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessages(TransactionStatusChangedV1Message)
  async handle(
    @Payload() events: TransactionStatusChangedV1[],
    @Ctx() contexts: MessageContext[],
  ): Promise<void> {
    await this.createCallback.execute(
      autocommitWork(this.dataSource),
      events.map((event, i) => ({
        event,
        eventId: contexts[i].envelope.id,
        origin: deliveryOriginOf(contexts[i]),
      })),
    );
  }
}
