import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { TransactionStatusChangedV1Message, type TransactionStatusChangedV1 } from '@opp/contracts';
import { OnMessages, type GatheredMessage } from '@opp/messaging';
import { autocommitWork } from '@opp/persistence';
import { currentDeliveryOrigin } from '../../delivery/application/delivery-origin';
import { CreateMerchantCallbackUseCase } from '../application/create-merchant-callback.use-case';

/**
 * A run of status changes becomes its callbacks in one statement that commits by itself, without
 * the inbox: each callback's dedupe key is its event's id, so a redelivered event adds nothing
 * (ADR 0048).
 */
@Controller()
export class TransactionStatusChangedKafkaHandler {
  constructor(
    private readonly createCallback: CreateMerchantCallbackUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessages(TransactionStatusChangedV1Message)
  async handle(@Payload() messages: GatheredMessage<TransactionStatusChangedV1>[]): Promise<void> {
    const changes = [];
    for (const { payload, envelope, within } of messages) {
      const origin = await within(async () => currentDeliveryOrigin());
      changes.push({ event: payload, eventId: envelope.id, origin });
    }
    await this.createCallback.execute(autocommitWork(this.dataSource), changes);
  }
}
