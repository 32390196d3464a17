import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { TransactionStatusChangedV1Message, type TransactionStatusChangedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { autocommitWork } from '@opp/persistence';
import { currentDeliveryOrigin } from '../../delivery/application/delivery-origin';
import { CreateMerchantCallbackUseCase } from '../application/create-merchant-callback.use-case';

/**
 * A status change becomes its callback in one statement that commits by itself, without the inbox:
 * the callback's dedupe key is its event's id, so a redelivered event adds nothing (ADR 0065).
 */
@Controller()
export class TransactionStatusChangedKafkaHandler {
  constructor(
    private readonly createCallback: CreateMerchantCallbackUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessage(TransactionStatusChangedV1Message, { inbox: false })
  async handle(
    @Payload() event: TransactionStatusChangedV1,
    @Ctx() context: MessageContext,
  ): Promise<void> {
    await this.createCallback.execute(autocommitWork(this.dataSource), [
      { event, eventId: context.envelope.id, origin: currentDeliveryOrigin() },
    ]);
  }
}
