import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Delivery, NewDelivery } from '../domain/delivery';
import { DeliveryRepository } from '../infrastructure/delivery.repository';
import { currentDeliveryOrigin } from './delivery-origin';

/** Every kind of delivery enters the engine here: stored, then found due by the scheduler. */
@Injectable()
export class CreateDelivery {
  private readonly logger = new Logger(CreateDelivery.name);

  constructor(private readonly deliveries: DeliveryRepository) {}

  async execute(
    tx: EntityManager,
    delivery: NewDelivery,
  ): Promise<{ delivery: Delivery; created: boolean }> {
    const result = await this.deliveries.insertIfAbsent(tx, delivery, currentDeliveryOrigin());
    if (result.created) {
      this.logger.log({
        msg: 'delivery created',
        deliveryId: result.delivery.id,
        kind: delivery.kind,
        subject: delivery.subject,
      });
    }
    return result;
  }
}
