import type { UnitOfWork } from '@opp/persistence';
import type { Delivery } from '../domain/delivery';

/**
 * Told when a delivery reaches a final state (succeeded or dead), inside the unit of work that
 * records it: e.g. `message.send` answers its task through the outbox there.
 */
export abstract class DeliveryFinalListener {
  abstract onFinal(work: UnitOfWork, delivery: Delivery): Promise<void>;

  /**
   * Whether `onFinal` writes anything for this delivery, once final. When it does not, the outcome
   * is recorded in one statement of its own, with no transaction around it (ADR 0033).
   */
  abstract writesOnFinal(delivery: Delivery): boolean;
}
