import type { UnitOfWork } from '@opp/persistence';
import type { Delivery } from '../domain/delivery';

/**
 * Told when a delivery reaches a final state (succeeded or dead), inside the unit of work that
 * records it: e.g. `message.send` answers its task through the outbox there.
 */
export abstract class DeliveryFinalListener {
  abstract onFinal(work: UnitOfWork, delivery: Delivery): Promise<void>;
}
