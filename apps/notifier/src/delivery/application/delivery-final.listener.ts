import type { EntityManager } from 'typeorm';
import type { Delivery } from '../domain/delivery';

/**
 * Told when a delivery reaches a final state (succeeded or dead), inside the transaction that records
 * it: e.g. `message.send` answers its task through the outbox there.
 */
export abstract class DeliveryFinalListener {
  abstract onFinal(tx: EntityManager, delivery: Delivery): Promise<void>;
}
