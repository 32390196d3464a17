import type { UnitOfWork } from '@opp/persistence';
import type { PayoutSettledV1 } from '@opp/contracts';
import type { PayoutOrder } from '../domain/payout-order';

/** Port: where payout orders live, and the events their changes publish (same transaction). */
export abstract class PayoutOrderStore {
  /** Stores a new order; false when an order with that id exists already (a redelivery). */
  abstract addIfNew(work: UnitOfWork, order: PayoutOrder): Promise<boolean>;

  /** Stores an order settled already and its settled event; false when it exists (a redelivery). */
  abstract addSettledIfNew(
    work: UnitOfWork,
    order: PayoutOrder,
    settled: PayoutSettledV1,
  ): Promise<boolean>;

  /**
   * In one transaction: locks up to `limit` orders due for settlement (skipping those another
   * instance holds), lets `settle` decide each, stores them and their settled events.
   */
  abstract settleDue(
    limit: number,
    now: Date,
    settle: (order: PayoutOrder) => PayoutSettledV1,
  ): Promise<number>;

  /** When the next processing order falls due for settlement, if any (ADR 0065). */
  abstract nextSettlementAt(): Promise<Date | null>;
}
