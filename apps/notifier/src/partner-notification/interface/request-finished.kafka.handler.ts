import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { RequestFinishedV1Message, type RequestFinishedV1 } from '@opp/contracts';
import { OnMessages, type GatheredMessage } from '@opp/messaging';
import { autocommitWork } from '@opp/persistence';
import { currentDeliveryOrigin } from '../../delivery/application/delivery-origin';
import { NotifyPartnerUseCase } from '../application/notify-partner.use-case';

/**
 * A run of finished requests becomes their notifications in one statement that commits by itself,
 * without the inbox: each notification's dedupe key is its request's GlobalId and its target's
 * place, so a redelivered event adds nothing (ADR 0048).
 */
@Controller()
export class RequestFinishedKafkaHandler {
  constructor(
    private readonly notifyPartner: NotifyPartnerUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessages(RequestFinishedV1Message)
  async handle(@Payload() messages: GatheredMessage<RequestFinishedV1>[]): Promise<void> {
    const requests = [];
    for (const { payload, within } of messages) {
      requests.push({ event: payload, origin: await within(async () => currentDeliveryOrigin()) });
    }
    await this.notifyPartner.execute(autocommitWork(this.dataSource), requests);
  }
}
