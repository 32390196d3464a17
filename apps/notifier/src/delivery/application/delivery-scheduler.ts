import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { AttemptResult, Delivery } from '../domain/delivery';
import { nextRetryDelay } from '../domain/retry-schedule';
import {
  DELIVERIES_DUE_CHANNEL,
  DeliveryRepository,
  type DeliveryUpdate,
} from '../infrastructure/delivery.repository';
import { DeliveryFinalListener } from './delivery-final.listener';
import { DeliverySender } from './delivery-sender';
import { DELIVERY_SETTINGS, type DeliverySettings } from './delivery-settings';

/**
 * The delivery engine (D10), the same for every kind of delivery. It claims due deliveries (FOR UPDATE
 * SKIP LOCKED, so replicas share the work), runs at most `concurrency` attempts at once, and records
 * each outcome: success, a retry at the next delay of the schedule (with jitter), or dead.
 * New deliveries wake it at their commit (LISTEN/NOTIFY); retries are found by polling.
 */
@Injectable()
export class DeliveryScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryScheduler.name);
  private readonly inFlight = new Set<Promise<void>>();
  private filling = false;
  private fillAgain = false;
  private stopped = true;
  private pollTimer?: NodeJS.Timeout;
  private listener?: Client;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryRepository,
    private readonly sender: DeliverySender,
    private readonly finalListener: DeliveryFinalListener,
    @Inject(DELIVERY_SETTINGS) private readonly settings: DeliverySettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopped = false;
    await this.listen().catch((error: unknown) =>
      this.logger.warn({ msg: 'deliveries LISTEN failed; polling only', error: String(error) }),
    );
    this.pollTimer = setInterval(() => this.wake(), this.settings.pollIntervalMs);
    this.wake();
  }

  /** Stops claiming and lets the attempts in flight finish (each is bounded by the timeout). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    await this.listener?.end().catch(() => undefined);
    while (this.filling) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.allSettled([...this.inFlight]);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.fillAgain = true;
      return;
    }
    this.filling = true;
    void this.fill().finally(() => {
      this.filling = false;
      if (this.fillAgain) {
        this.fillAgain = false;
        this.wake();
      }
    });
  }

  private async fill(): Promise<void> {
    try {
      while (!this.stopped) {
        const free = this.settings.concurrency - this.inFlight.size;
        if (free <= 0) return;
        const claimed = await this.dataSource.transaction((tx) =>
          this.deliveries.claimDue(tx, free, this.settings.leaseMs),
        );
        for (const delivery of claimed) this.start(delivery);
        if (claimed.length < free) return;
      }
    } catch (error) {
      this.logger.warn({ msg: 'claiming due deliveries failed', error: String(error) });
    }
  }

  private start(delivery: Delivery): void {
    const attempt = this.attempt(delivery).catch((error: unknown) =>
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

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.settings.databaseUrl });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.logger.warn({ msg: 'deliveries LISTEN connection lost', error: error.message });
      void client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${DELIVERIES_DUE_CHANNEL}`);
    this.listener = client;
  }
}
