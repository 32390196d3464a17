import { Injectable, Logger } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import type { Delivery, NewDelivery } from '../domain/delivery';
import { currentDeliveryOrigin } from './delivery-origin';
import { DeliveryStore } from './delivery.store';

/** Every kind of delivery enters the engine here: stored, then found due by the scheduler. */
@Injectable()
export class CreateDelivery {
  private readonly logger = new Logger(CreateDelivery.name);

  constructor(private readonly deliveries: DeliveryStore) {}

  async execute(
    work: UnitOfWork,
    delivery: NewDelivery,
  ): Promise<{ delivery: Delivery; created: boolean }> {
    const result = await this.deliveries.addIfAbsent(work, delivery, currentDeliveryOrigin());
    if (result.created) {
      this.logger.log({
        msg: 'delivery created',
        deliveryId: result.delivery.state.id,
        kind: delivery.kind,
        subject: delivery.subject,
      });
    }
    return result;
  }
}
