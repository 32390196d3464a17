import { Inject, Injectable, Logger } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import { destinationOf, type Delivery, type NewDelivery } from '../domain/delivery';
import { AfterCommit } from './after-commit';
import { currentDeliveryOrigin } from './delivery-origin';
import { DeliveryScheduler } from './delivery-scheduler';
import { DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings';
import { DeliveryStore, type DeliveryStart } from './delivery.store';
import { DestinationBreakers } from './destination-breakers';

/**
 * Every kind of delivery enters the engine here. When an attempt slot is free and its destination
 * is not failing, it is stored already claimed (leased) by this replica and sent right after the
 * commit, with no claim of its own (ADR 0033); a crash in between leaves a lease that runs out,
 * and the scheduler sends it then. Otherwise it is stored for the scheduler to find due.
 */
@Injectable()
export class CreateDelivery {
  private readonly logger = new Logger(CreateDelivery.name);

  constructor(
    private readonly deliveries: DeliveryStore,
    private readonly scheduler: DeliveryScheduler,
    private readonly breakers: DestinationBreakers,
    private readonly afterCommit: AfterCommit,
    @Inject(DELIVERY_SETTINGS) private readonly settings: DeliverySettings,
  ) {}

  async execute(
    work: UnitOfWork,
    delivery: NewDelivery,
  ): Promise<{ delivery: Delivery; created: boolean }> {
    const heldUntil = this.breakers.heldUntil(destinationOf(delivery.request));
    const claimed = heldUntil === null && this.scheduler.reserveSlot();
    const start: DeliveryStart = claimed
      ? { claimedForMs: this.settings.leaseMs }
      : { notBefore: heldUntil };
    let result: { delivery: Delivery; created: boolean };
    try {
      result = await this.deliveries.addIfAbsent(work, delivery, currentDeliveryOrigin(), start);
    } catch (error) {
      if (claimed) this.scheduler.releaseSlot();
      throw error;
    }
    if (claimed && result.created) {
      const stored = result.delivery;
      this.afterCommit.register(work, {
        committed: () => this.scheduler.startReserved(stored),
        rolledBack: () => this.scheduler.releaseSlot(),
      });
    } else if (claimed) {
      this.scheduler.releaseSlot();
    } else if (result.created && heldUntil !== null) {
      this.scheduler.wakeAt(heldUntil);
    }
    if (result.created) {
      this.logger.log({
        msg: 'delivery created',
        deliveryId: result.delivery.state.id,
        kind: delivery.kind,
        subject: delivery.subject,
        claimed,
      });
    }
    return result;
  }
}
