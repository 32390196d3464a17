import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import {
  GetDeliveryV1Request,
  ResendDeadDeliveriesV1Request,
  TraceDeliveriesV1Request,
  type GetDeliveryV1,
  type ResendDeadDeliveriesV1,
  type TraceDeliveriesV1,
  ListDeliveriesV1Request,
  ReplayDeliveryV1Request,
  type ListDeliveriesV1,
  type ReplayDeliveryV1,
} from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import {
  DeliveryLogUseCase,
  ResendDeadDeliveriesUseCase,
} from '../application/delivery-log.use-cases';
import { ListDeliveriesUseCase } from '../application/list-deliveries.use-case';
import { ReplayDeliveryUseCase } from '../application/replay-delivery.use-case';

/** The admin API's requests (gateway /admin/v1/deliveries). */
@Controller()
export class DeliveriesAdminKafkaHandler {
  constructor(
    private readonly listDeliveries: ListDeliveriesUseCase,
    private readonly replayDelivery: ReplayDeliveryUseCase,
    private readonly deliveryLog: DeliveryLogUseCase,
    private readonly resendDead: ResendDeadDeliveriesUseCase,
  ) {}

  /** A project's delivery log, or a money trace's part (ADR 0066): reads, no inbox row. */
  @OnRequest(TraceDeliveriesV1Request, { inbox: false })
  log(@Payload() query: TraceDeliveriesV1) {
    return this.deliveryLog.page(query);
  }

  @OnRequest(GetDeliveryV1Request, { inbox: false })
  one(@Payload() query: GetDeliveryV1) {
    return this.deliveryLog.one(query);
  }

  /** A dry run changes nothing, yet goes through the inbox too: one answer per command. */
  @OnRequest(ResendDeadDeliveriesV1Request)
  resend(@Payload() command: ResendDeadDeliveriesV1, @Ctx() context: MessageContext) {
    return this.resendDead.execute(context.transaction<UnitOfWork>(), command);
  }

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
