import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  replyError,
  replyOk,
  type DeliveryViewV1,
  type Reply,
  type ReplayDeliveryV1,
} from '@opp/contracts';
import { ErrorCode } from '@opp/errors';
import { DeliveryMapper } from '../infrastructure/delivery.mapper';
import { DeliveryRepository } from '../infrastructure/delivery.repository';

/**
 * ADR 0010: an operator replays a dead delivery; it is sent as stored (same parameters, same
 * signature).
 */
@Injectable()
export class ReplayDeliveryUseCase {
  private readonly logger = new Logger(ReplayDeliveryUseCase.name);

  constructor(private readonly deliveries: DeliveryRepository) {}

  async execute(tx: EntityManager, command: ReplayDeliveryV1): Promise<Reply<DeliveryViewV1>> {
    const delivery = await this.deliveries.findById(tx, command.id, true);
    if (!delivery) return replyError(ErrorCode.ResourceNotFound, `delivery ${command.id}`);
    if (delivery.status !== 'dead') {
      return replyError(
        ErrorCode.InvalidParameter,
        `delivery ${command.id} is ${delivery.status}; only a dead delivery can be replayed`,
      );
    }
    const replayed = await this.deliveries.replay(tx, delivery.id);
    this.logger.log({ msg: 'delivery replayed', deliveryId: delivery.id, kind: delivery.kind });
    return replyOk(DeliveryMapper.toView(replayed));
  }
}
