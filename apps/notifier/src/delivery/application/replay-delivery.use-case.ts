import { Injectable, Logger } from '@nestjs/common';
import {
  replyError,
  replyOk,
  type DeliveryViewV1,
  type Reply,
  type ReplayDeliveryV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import type { UnitOfWork } from '@opp/persistence';
import { deliveryView } from './delivery-view';
import { DeliveryStore } from './delivery.store';

/**
 * ADR 0010: an operator replays a dead delivery; it is sent as stored (same parameters, same
 * signature).
 */
@Injectable()
export class ReplayDeliveryUseCase {
  private readonly logger = new Logger(ReplayDeliveryUseCase.name);

  constructor(private readonly deliveries: DeliveryStore) {}

  async execute(work: UnitOfWork, command: ReplayDeliveryV1): Promise<Reply<DeliveryViewV1>> {
    const delivery = await this.deliveries.lockById(work, command.id);
    if (!delivery) return replyError(ErrorCode.ResourceNotFound, `delivery ${command.id}`);
    const replay = delivery.replay();
    if (!replay.ok) return replyError(replay.code, replay.message);
    const replayed = await this.deliveries.saveReplayed(work, delivery);
    this.logger.log({
      msg: 'delivery replayed',
      deliveryId: delivery.state.id,
      kind: delivery.state.kind,
    });
    return replyOk(deliveryView(replayed));
  }
}
