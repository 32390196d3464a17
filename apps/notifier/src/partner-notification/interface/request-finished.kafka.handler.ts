import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { RequestFinishedV1Message, type RequestFinishedV1 } from '@opp/contracts';
import { OnMessage } from '@opp/messaging';
import { autocommitWork } from '@opp/persistence';
import { currentDeliveryOrigin } from '../../delivery/application/delivery-origin';
import { NotifyPartnerUseCase } from '../application/notify-partner.use-case';

/**
 * A finished request becomes its notifications in one statement that commits by itself, without the
 * inbox: each notification's dedupe key is its request's GlobalId and its target's place, so a
 * redelivered event adds nothing (ADR 0065).
 */
@Controller()
export class RequestFinishedKafkaHandler {
  constructor(
    private readonly notifyPartner: NotifyPartnerUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessage(RequestFinishedV1Message, { inbox: false })
  async handle(@Payload() event: RequestFinishedV1): Promise<void> {
    await this.notifyPartner.execute(autocommitWork(this.dataSource), [
      { event, origin: currentDeliveryOrigin() },
    ]);
  }
}
