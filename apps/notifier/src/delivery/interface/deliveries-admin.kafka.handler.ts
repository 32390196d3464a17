import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import {
  ListDeliveriesV1Request,
  ReplayDeliveryV1Request,
  type ListDeliveriesV1,
  type ReplayDeliveryV1,
} from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { ListDeliveriesUseCase } from '../application/list-deliveries.use-case';
import { ReplayDeliveryUseCase } from '../application/replay-delivery.use-case';

/** The admin API's requests (gateway /admin/v1/deliveries). */
@Controller()
export class DeliveriesAdminKafkaHandler {
  constructor(
    private readonly listDeliveries: ListDeliveriesUseCase,
    private readonly replayDelivery: ReplayDeliveryUseCase,
  ) {}

  // A read: no inbox row (it would store the whole page as the remembered answer).
  @OnRequest(ListDeliveriesV1Request, { inbox: false })
  list(@Payload() query: ListDeliveriesV1) {
    return this.listDeliveries.execute(query);
  }

  @OnRequest(ReplayDeliveryV1Request)
  replay(@Payload() command: ReplayDeliveryV1, @Ctx() context: MessageContext) {
    return this.replayDelivery.execute(context.transaction<UnitOfWork>(), command);
  }
}
