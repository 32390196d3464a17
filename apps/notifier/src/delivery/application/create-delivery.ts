import { Inject, Injectable, Logger } from '@nestjs/common';
import type { UnitOfWork } from '@opp/persistence';
import { ProjectClock } from '@opp/snapshots';
import {
  destinationOf,
  type Delivery,
  type NewDelivery,
  type OriginatedDelivery,
} from '../domain/delivery';
import { AfterCommit } from './after-commit';
import { currentDeliveryOrigin, inDeliveryOrigin } from './delivery-origin';
import { DeliveryScheduler } from './delivery-scheduler';
import { DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings';
import { DeliveryStore, type DeliveryStart } from './delivery.store';
import { DestinationBreakers } from './destination-breakers';

/** How a new delivery starts: with an attempt slot reserved for it, or held until a time. */
interface Start {
  claimed: boolean;
  heldUntil: Date | null;
  start: DeliveryStart;
}

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
    private readonly clock: ProjectClock,
  ) {}

  /** One delivery, in the origin of the running unit of work; answers the stored one. */
  async execute(
    work: UnitOfWork,
    delivery: NewDelivery,
  ): Promise<{ delivery: Delivery; created: boolean }> {
    const start = await this.startOf(delivery);
    let result: { delivery: Delivery; created: boolean };
    try {
      result = await this.deliveries.addIfAbsent(
        work,
        delivery,
        currentDeliveryOrigin(),
        start.start,
      );
    } catch (error) {
      if (start.claimed) this.scheduler.releaseSlot();
      throw error;
    }
    this.stored(work, delivery, start, result.created ? result.delivery : null);
    return result;
  }

  /**
   * Several deliveries, each with its own origin, in one statement (ADR 0065); a dedupe key
   * already taken creates nothing.
   */
  async executeAll(work: UnitOfWork, entries: readonly OriginatedDelivery[]): Promise<void> {
    if (entries.length === 0) return;
    const starts = await Promise.all(entries.map(({ delivery }) => this.startOf(delivery)));
    let created: Map<string, Delivery>;
    try {
      created = await this.deliveries.addAllIfAbsent(
        work,
        entries.map((entry, i) => ({ ...entry, start: starts[i].start })),
      );
    } catch (error) {
      for (const start of starts) if (start.claimed) this.scheduler.releaseSlot();
      throw error;
    }
    entries.forEach(({ delivery, origin }, i) => {
      const stored = created.get(delivery.dedupeKey) ?? null;
      // A key twice in the list is stored once: the first entry with it owns the row.
      if (stored) created.delete(delivery.dedupeKey);
      // Its log line carries the correlation id and the trace of the event that caused it.
      inDeliveryOrigin(origin, () => this.stored(work, delivery, starts[i], stored));
    });
  }

  private async startOf(delivery: NewDelivery): Promise<Start> {
    // A project on an advanced sandbox clock is never held by a breaker (ADR 0069).
    const clocked =
      delivery.projectId !== null && (await this.clock.isAdvanced(delivery.projectId));
    const heldUntil = clocked ? null : this.breakers.heldUntil(destinationOf(delivery.request));
    const claimed = heldUntil === null && this.scheduler.reserveSlot();
    const start: DeliveryStart = claimed
      ? { claimedForMs: this.settings.leaseMs }
      : { notBefore: heldUntil };
    return { claimed, heldUntil, start };
  }

  /** After the insert: `stored` is the new row, null when its dedupe key was taken. */
  private stored(work: UnitOfWork, delivery: NewDelivery, start: Start, stored: Delivery | null) {
    // A delivery asked claimed is stored unclaimed while an older one of its payment is pending
    // (ADR 0010): it waits its turn, and its slot goes back like that of one not stored.
    const claimed = start.claimed && stored !== null && stored.state.attempts > 0;
    if (claimed) {
      this.afterCommit.register(work, {
        committed: () => this.scheduler.startReserved(stored),
        rolledBack: () => this.scheduler.releaseSlot(),
      });
    } else if (start.claimed) {
      this.scheduler.releaseSlot();
    } else if (stored && start.heldUntil !== null) {
      this.scheduler.wakeAt(start.heldUntil);
    }
    if (stored) {
      this.logger.log({
        msg: 'delivery created',
        deliveryId: stored.state.id,
        kind: delivery.kind,
        subject: delivery.subject,
        claimed,
      });
    }
  }
}
