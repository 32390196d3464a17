import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Payload } from '@nestjs/microservices';
import { autocommitWork } from '@opp/persistence';
import { RequestFinishedV1Message, type RequestFinishedV1 } from '@opp/contracts';
import { OnMessage } from '@opp/messaging';
import { NotifyPartnerUseCase } from '../application/notify-partner.use-case';

/**
 * A finished request's notifications are deliveries keyed by its GlobalId and target, so a
 * redelivered event finds them and adds nothing: no inbox (ADR 0047).
 */
@Controller()
export class RequestFinishedKafkaHandler {
  constructor(
    private readonly notifyPartner: NotifyPartnerUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessage(RequestFinishedV1Message, { inbox: false })
  handle(@Payload() event: RequestFinishedV1) {
    return this.notifyPartner.execute(autocommitWork(this.dataSource), event);
  }
}
