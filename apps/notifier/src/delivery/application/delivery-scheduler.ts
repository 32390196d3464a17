import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PgListener, PollingLoop } from '@opp/scheduling';
import type { AttemptResult, Delivery } from '../domain/delivery';
import { nextRetryDelay } from '../domain/retry-schedule';
import {
  DELIVERIES_DUE_CHANNEL,
  DeliveryRepository,
  type DeliveryUpdate,
} from '../infrastructure/delivery.repository';
import { DeliveryFinalListener } from './delivery-final.listener';
import { DeliveryMetrics } from './delivery-metrics';
import { inDeliveryOrigin } from './delivery-origin';
import { DeliverySender } from './delivery-sender';
import { DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings';

/**
 * The delivery engine (ADR 0010), the same for every kind of delivery. It claims due deliveries
 * (FOR UPDATE SKIP LOCKED, so replicas share the work), runs at most `concurrency` attempts at
 * once, and records each outcome: success, a retry at the next delay of the schedule (with jitter),
 * or dead. New deliveries wake it at their commit (LISTEN/NOTIFY); retries are found by polling.
 */
@Injectable()
export class DeliveryScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryScheduler.name);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly loop: PollingLoop;
  private readonly listener: PgListener;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryRepository,
    private readonly sender: DeliverySender,
    private readonly finalListener: DeliveryFinalListener,
    @Inject(DELIVERY_SETTINGS) private readonly settings: DeliverySettings,
    private readonly metrics: DeliveryMetrics,
  ) {
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

  /** Claims as many due deliveries as there are free attempt slots; true when it filled them all. */
  private async fill(): Promise<boolean> {
    const free = this.settings.concurrency - this.inFlight.size;
    if (free <= 0) return false; // a finishing attempt wakes the loop
    const claimed = await this.dataSource.transaction((tx) =>
      this.deliveries.claimDue(tx, free, this.settings.leaseMs),
    );
    for (const delivery of claimed) this.start(delivery);
    return claimed.length === free;
  }

  private start(delivery: Delivery): void {
    const attempt = inDeliveryOrigin(delivery.origin, () => this.attempt(delivery)).catch(
      (error: unknown) =>
        // The lease hands the delivery back later: at least once, never lost.
        this.logger.error({
          msg: 'recording a delivery attempt failed',
          deliveryId: delivery.id,
          error: String(error),
        }),
    );
    this.inFlight.add(attempt);
    void attempt.finally(() => {
      this.inFlight.delete(attempt);
      this.wake();
    });
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const result = await this.sender.send(delivery.request);
    const update = this.decide(delivery, result);
    const recorded = await this.dataSource.transaction(async (tx) => {
      const updated = await this.deliveries.completeAttempt(tx, delivery, update);
      if (updated && updated.status !== 'pending') await this.finalListener.onFinal(tx, updated);
      return updated;
    });
    if (recorded) this.metrics.attempted(delivery.kind, update.status);
    this.log(delivery, update, recorded !== null);
  }

  private decide(delivery: Delivery, result: AttemptResult): DeliveryUpdate {
    if (result.ok) return { status: 'succeeded', httpStatus: result.httpStatus };
    const delay = result.permanent
      ? null
      : nextRetryDelay(this.settings.retrySchedule, delivery.cycleAttempts);
    if (delay === null)
      return { status: 'dead', error: result.error, httpStatus: result.httpStatus };
    return {
      status: 'pending',
      error: result.error,
      httpStatus: result.httpStatus,
      retryInMs: delay,
    };
  }

  private log(delivery: Delivery, update: DeliveryUpdate, recorded: boolean): void {
    const base = {
      deliveryId: delivery.id,
      kind: delivery.kind,
      subject: delivery.subject,
      attempt: delivery.attempts,
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
