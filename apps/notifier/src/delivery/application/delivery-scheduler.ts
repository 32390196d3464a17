import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { TransactionRunner, type UnitOfWork } from '@opp/persistence';
import { PgListener, PollingLoop } from '@opp/scheduling';
import { ProjectClock } from '@opp/snapshots';
import {
  destinationOf,
  type AttemptResult,
  type Delivery,
  type DeliveryUpdate,
} from '../domain/delivery';
import { DeliveryFinalListener } from './delivery-final.listener';
import { DeliveryMetrics } from './delivery-metrics';
import { inDeliveryOrigin } from './delivery-origin';
import { DeliverySender } from './delivery-sender';
import { DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings';
import { DELIVERIES_DUE_CHANNEL, DeliveryStore } from './delivery.store';
import { DestinationBreakers } from './destination-breakers';

/**
 * The delivery engine (ADR 0010), the same for every kind of delivery. It claims due deliveries
 * (FOR UPDATE SKIP LOCKED, so replicas share the work), runs at most `concurrency` attempts at
 * once, and records each outcome: success, a retry at the next delay of the schedule (with jitter),
 * or dead. New deliveries wake it at their commit (LISTEN/NOTIFY); a finished attempt wakes it
 * only when a round found every slot taken (work may be waiting for one), and a retry it scheduled
 * plans a round at its due time; each round reads when the next pending delivery falls due (a
 * retry, a hold, a lease) and sleeps until then, the poll interval being only a safety net
 * (ADR 0065). A finished attempt is recorded in one statement outside a transaction unless
 * something else must commit with it (ADR 0033); attempts finishing together share it (ADR 0065).
 * A delivery created claimed (ADR 0033) takes an attempt slot before its commit and is started
 * right after it. A destination whose circuit breaker is open is not attempted: its deliveries
 * wait, uncounted, until the breaker lets a probe through.
 */
/** A delivery held by an open breaker until its schedule ran out is dead-lettered, not sent. */
const HELD_PAST_SCHEDULE: AttemptResult = {
  ok: false,
  permanent: true,
  httpStatus: null,
  error: 'destination unreachable (circuit open) until the end of the retry schedule',
};

@Injectable()
export class DeliveryScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryScheduler.name);
  private readonly inFlight = new Set<Promise<void>>();
  /** Slots taken by deliveries created claimed whose transaction has not ended yet. */
  private reserved = 0;
  /**
   * A round found every slot taken, so due deliveries may wait for one: the next slot to free
   * wakes the loop. Otherwise a freed slot has nothing to wake for, as whatever else falls due is
   * announced (NOTIFY, `wakeAt`) or read by the rounds as their next due time (ADR 0065).
   */
  private slotWanted = false;
  private readonly loop: PollingLoop;
  private readonly listener: PgListener;
  private readonly scheduleMs: number;

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly deliveries: DeliveryStore,
    private readonly sender: DeliverySender,
    private readonly finalListener: DeliveryFinalListener,
    @Inject(DELIVERY_SETTINGS) private readonly settings: DeliverySettings,
    private readonly metrics: DeliveryMetrics,
    private readonly breakers: DestinationBreakers,
    private readonly clock: ProjectClock,
  ) {
    this.scheduleMs = settings.retrySchedule.reduce((sum, delay) => sum + delay, 0);
    this.loop = new PollingLoop({
      intervalMs: settings.pollIntervalMs,
      run: () => this.fill(),
      onError: (error) =>
        this.logger.warn({ msg: 'claiming due deliveries failed', error: String(error) }),
    });
    this.listener = new PgListener(
      settings.databaseUrl,
      DELIVERIES_DUE_CHANNEL,
      () => this.wake(),
      (error) =>
        this.logger.warn({ msg: 'deliveries LISTEN connection lost', error: error.message }),
    );
    // An advanced sandbox clock makes its project's retries due at once (ADR 0069).
    clock.onAdvance(() => this.wake());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener
      .start()
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'deliveries LISTEN failed; polling only', error: String(error) }),
      );
    this.loop.start();
  }

  /** Stops claiming and lets the attempts in flight finish (each is bounded by the timeout). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.listener.stop();
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  wake(): void {
    this.loop.wake();
  }

  /** A delivery stored by this replica falls due at `due` (no NOTIFY tells of it: ADR 0065). */
  wakeAt(due: Date): void {
    this.loop.wakeAt(due);
  }

  /** Takes an attempt slot for a delivery about to be created claimed; false when none is free. */
  reserveSlot(): boolean {
    if (this.settings.concurrency - this.inFlight.size - this.reserved <= 0) {
      this.slotWanted = true; // stored for the scheduler instead: the next slot to free wakes it
      return false;
    }
    this.reserved += 1;
    return true;
  }

  /** The claimed delivery's row is committed: its attempt runs in the slot it reserved. */
  startReserved(delivery: Delivery): void {
    this.reserved -= 1;
    this.start(delivery);
  }

  /** The reserved slot is not used after all (rolled back, or the delivery existed). */
  releaseSlot(): void {
    this.reserved -= 1;
    this.slotFreed();
  }

  private slotFreed(): void {
    if (!this.slotWanted) return;
    this.slotWanted = false;
    this.wake();
  }

  /**
   * Claims as many due deliveries as there are free attempt slots; true when it filled them all,
   * otherwise when the next pending delivery falls due.
   * Those whose destination's breaker is open go back uncounted, and every other delivery to that
   * destination is held until the breaker's next probe, so none is claimed again one by one.
   */
  private async fill(): Promise<boolean | Date | null> {
    const free = this.settings.concurrency - this.inFlight.size - this.reserved;
    if (free <= 0) {
      this.slotWanted = true; // the next slot to free wakes the loop
      return false;
    }
    const claimed = await this.transactions.run((work) =>
      this.deliveries.claimDue(work, free, this.settings.leaseMs),
    );
    // Read before the loop, which stays synchronous: the breaker's decisions for the batch are
    // made together, as they were before the sandbox clock.
    const clocked = await Promise.all(claimed.map((delivery) => this.onProjectClock(delivery)));
    const now = new Date();
    const held = new Map<string, { until: Date; deliveries: Delivery[] }>();
    for (const [i, delivery] of claimed.entries()) {
      const destination = destinationOf(delivery.state.request);
      // A project on an advanced sandbox clock follows its retry schedule in its own time, which
      // a breaker's wall-clock cool-down does not (ADR 0069): never held.
      if (clocked[i]) {
        this.start(delivery);
        continue;
      }
      const admission = this.breakers.admit(destination, now);
      if (admission.send || destination === null) {
        this.start(delivery);
        continue;
      }
      if (delivery.isPastSchedule(this.settings.retrySchedule, now)) {
        this.start(delivery, HELD_PAST_SCHEDULE);
        continue;
      }
      const group = held.get(destination) ?? { until: admission.until, deliveries: [] };
      group.deliveries.push(delivery);
      held.set(destination, group);
    }
    if (held.size > 0) {
      await this.transactions.run(async (work) => {
        for (const [destination, { until, deliveries }] of held) {
          await this.deliveries.unclaim(work, deliveries, until, this.scheduleMs);
          await this.deliveries.holdDestination(work, destination, until, this.scheduleMs);
        }
      });
    }
    if (claimed.length === free) return true;
    return this.deliveries.nextDueAt();
  }

  private start(delivery: Delivery, outcome?: AttemptResult): void {
    const attempt = inDeliveryOrigin(delivery.state.origin, () =>
      this.attempt(delivery, outcome),
    ).catch((error: unknown) => {
      // The lease hands the delivery back later: at least once, never lost. A round reads when.
      this.logger.error({
        msg: 'recording a delivery attempt failed',
        deliveryId: delivery.state.id,
        error: String(error),
      });
      this.wake();
    });
    this.inFlight.add(attempt);
    void attempt.finally(() => {
      this.inFlight.delete(attempt);
      this.slotFreed();
    });
  }

  /** Sends the delivery, unless its outcome is known without sending (held past its schedule). */
  private async attempt(delivery: Delivery, known?: AttemptResult): Promise<void> {
    const { kind, request } = delivery.state;
    const clocked = await this.onProjectClock(delivery);
    const result = known ?? (await this.sender.send(request));
    const destination = destinationOf(request);
    const opened = known || clocked ? null : this.breakers.record(destination, result);
    const update = delivery.recordAttempt(result, this.settings.retrySchedule);
    // Alone, the outcome is one statement that commits by itself (ADR 0033): the common case, a
    // merchant callback delivered, has no final listener's writes and no breaker to hold with it.
    const alone = !opened && !(delivery.isFinal && this.finalListener.writesOnFinal(delivery));
    const recorded = alone
      ? await this.deliveries.completeAttempt(null, delivery, update)
      : await this.transactions.run((work) => this.complete(work, delivery, update, opened));
    if (recorded) this.metrics.attempted(kind, update.status);
    // No round follows an attempt (ADR 0065): a retry plans its own; a breaker that opened moved
    // other deliveries (some to the end of their schedule), so a round reads when the first is due.
    const retryAt = recorded?.state.status === 'pending' ? recorded.state.nextAttemptAt : null;
    if (opened) this.wake();
    else if (retryAt) this.loop.wakeAt(await this.wallClockOf(delivery, retryAt));
    this.log(delivery, update, recorded !== null);
  }

  /** The outcome with what must commit with it: the final listener's writes, a breaker's hold. */
  private async complete(
    work: UnitOfWork,
    delivery: Delivery,
    update: DeliveryUpdate,
    opened: { openedUntil: Date } | null,
  ): Promise<Delivery | null> {
    const destination = destinationOf(delivery.state.request);
    const stored = await this.deliveries.completeAttempt(work, delivery, update);
    if (stored?.isFinal) await this.finalListener.onFinal(work, stored);
    if (opened && destination !== null) {
      const held = await this.deliveries.holdDestination(
        work,
        destination,
        opened.openedUntil,
        this.scheduleMs,
      );
      this.logger.warn({
        msg: 'destination unreachable; circuit open',
        destination,
        until: opened.openedUntil.toISOString(),
        deliveriesHeld: held,
      });
    }
    return stored;
  }

  /** The delivery's project runs on an advanced sandbox clock (ADR 0069). */
  private async onProjectClock(delivery: Delivery): Promise<boolean> {
    const { projectId } = delivery.state;
    return projectId !== null && (await this.clock.isAdvanced(projectId));
  }

  /** A time of the delivery's project (its retry) as a wall-clock time to wake at (ADR 0069). */
  private async wallClockOf(delivery: Delivery, at: Date): Promise<Date> {
    const { projectId } = delivery.state;
    if (projectId === null) return at;
    return new Date(at.getTime() - (await this.clock.offsetMs(projectId)));
  }

  private log(delivery: Delivery, update: DeliveryUpdate, recorded: boolean): void {
    const { id, kind, subject, attempts } = delivery.state;
    const base = {
      deliveryId: id,
      kind,
      subject,
      attempt: attempts,
      httpStatus: update.httpStatus,
    };
    if (!recorded) {
      this.logger.warn({
        ...base,
        msg: 'delivery attempt outcome dropped: claimed again meanwhile',
      });
    } else if (update.status === 'succeeded') {
      this.logger.log({ ...base, msg: 'delivery succeeded' });
    } else if (update.status === 'pending') {
      this.logger.log({
        ...base,
        msg: 'delivery attempt failed; retry scheduled',
        error: update.error,
        retryInMs: update.retryInMs,
      });
    } else {
      this.logger.warn({ ...base, msg: 'delivery dead-lettered', error: update.error });
    }
  }
}
