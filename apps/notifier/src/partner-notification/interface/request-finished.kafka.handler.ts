import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { RequestFinishedV1Message, type RequestFinishedV1 } from '@opp/contracts';
import { MessageContext, OnMessages } from '@opp/messaging';
import { autocommitWork } from '@opp/persistence';
import { deliveryOriginOf } from '../../delivery/interface/message-origin';
import { NotifyPartnerUseCase } from '../application/notify-partner.use-case';

/**
 * A run of finished requests becomes their notifications in one statement that commits by itself,
 * without the inbox: each notification's dedupe key is its request's GlobalId and its target's
 * place, so a redelivered event adds nothing (ADR 0065).
 */
@Controller()
export class RequestFinishedKafkaHandler {
  constructor(
    private readonly notifyPartner: NotifyPartnerUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessages(RequestFinishedV1Message)
  async handle(
    @Payload() events: RequestFinishedV1[],
    @Ctx() contexts: MessageContext[],
  ): Promise<void> {
    await this.notifyPartner.execute(
      autocommitWork(this.dataSource),
      events.map((event, i) => ({ event, origin: deliveryOriginOf(contexts[i]) })),
    );
  }
}
