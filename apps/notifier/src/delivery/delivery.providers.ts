import type { Provider } from '@nestjs/common';
import type { NotifierConfig } from '../config/notifier.config';
import { CreateDelivery } from './application/create-delivery';
import { DeliveryMetrics } from './application/delivery-metrics';
import { DeliveryScheduler } from './application/delivery-scheduler';
import { DeliverySender, MailTransport } from './application/delivery-sender';
import { DELIVERY_SETTINGS, type DeliverySettings } from './application/delivery-settings';
import { ListDeliveriesUseCase } from './application/list-deliveries.use-case';
import { ReplayDeliveryUseCase } from './application/replay-delivery.use-case';
import { DestinationGuard, resolveAll } from '@opp/destination-guard';
import { parseRetrySchedule } from './domain/retry-schedule';
import { ChannelDeliverySender } from './infrastructure/channel-delivery.sender';
import { DeliveryRepository } from './infrastructure/delivery.repository';
import { HttpDeliverySender } from './infrastructure/http-delivery.sender';
import { SmtpMailTransport } from './infrastructure/smtp-mail.transport';

/** The delivery engine (ADR 0010), configured from the environment. */
export function deliveryProviders(config: NotifierConfig): Provider[] {
  const settings: DeliverySettings = {
    retrySchedule: parseRetrySchedule(config.deliveryRetrySchedule),
    timeoutMs: config.deliveryTimeoutMs,
    concurrency: config.deliveryConcurrency,
    pollIntervalMs: config.deliveryPollIntervalMs,
    // Well past an attempt's time limit, so a live replica always records its own outcome.
    leaseMs: config.deliveryTimeoutMs * 2 + 30_000,
    databaseUrl: config.databaseUrl,
  };
  const guard = new DestinationGuard(
    { enforce: config.isProduction, allowedHosts: config.deliveryAllowedHosts ?? [] },
    resolveAll,
  );
  const mail = new SmtpMailTransport({
    host: config.smtpHost,
    port: config.smtpPort,
    from: config.smtpFrom,
    user: config.smtpUser,
    password: config.smtpPassword,
    timeoutMs: config.deliveryTimeoutMs,
  });
  return [
    { provide: DELIVERY_SETTINGS, useValue: settings },
    { provide: MailTransport, useValue: mail },
    {
      provide: DeliverySender,
      inject: [MailTransport],
      useFactory: (transport: MailTransport) =>
        new ChannelDeliverySender(new HttpDeliverySender(guard, settings.timeoutMs), transport),
    },
    DeliveryRepository,
    CreateDelivery,
    DeliveryMetrics,
    DeliveryScheduler,
    ListDeliveriesUseCase,
    ReplayDeliveryUseCase,
  ];
}
