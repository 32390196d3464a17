import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { DestinationGuard, resolveAll } from '@opp/destination-guard';
import type { NotifierConfig } from '../config/notifier.config';
import { AfterCommit } from './application/after-commit';
import { CreateDelivery } from './application/create-delivery';
import { DeliveryFinalListener } from './application/delivery-final.listener';
import { DeliveryMetrics } from './application/delivery-metrics';
import { DeliveryScheduler } from './application/delivery-scheduler';
import { DeliverySender, MailTransport } from './application/delivery-sender';
import { DELIVERY_SETTINGS, type DeliverySettings } from './application/delivery-settings';
import { DeliveryStore } from './application/delivery.store';
import { DestinationBreakers } from './application/destination-breakers';
import {
  DeliveryLogUseCase,
  ResendDeadDeliveriesUseCase,
} from './application/delivery-log.use-cases';
import { DeliveryLogStore } from './application/delivery-log.store';
import { ListDeliveriesUseCase } from './application/list-deliveries.use-case';
import { ReplayDeliveryUseCase } from './application/replay-delivery.use-case';
import { parseRetrySchedule } from './domain/retry-schedule';
import { ChannelDeliverySender } from './infrastructure/channel-delivery.sender';
import { DeliveryLogRepository } from './infrastructure/delivery-log.repository';
import { DeliveryRepository } from './infrastructure/delivery.repository';
import { HttpDeliverySender } from './infrastructure/http-delivery.sender';
import { SmtpMailTransport } from './infrastructure/smtp-mail.transport';
import { TypeormAfterCommit } from './infrastructure/typeorm-after-commit';
import { DeliveriesAdminKafkaHandler } from './interface/deliveries-admin.kafka.handler';

/**
 * The delivery engine (ADR 0010), configured from the environment: every feature hands it
 * deliveries through `CreateDelivery`. The feature told of final deliveries (`finalListener`) is
 * given by the app, so the engine depends on no feature; it is exported for that feature's own use.
 */
@Module({})
export class DeliveryModule {
  static register(
    config: NotifierConfig,
    finalListener: Type<DeliveryFinalListener>,
  ): DynamicModule {
    const settings: DeliverySettings = {
      retrySchedule: parseRetrySchedule(config.deliveryRetrySchedule),
      timeoutMs: config.deliveryTimeoutMs,
      concurrency: config.deliveryConcurrency,
      pollIntervalMs: config.deliveryPollIntervalMs,
      // Well past an attempt's time limit, so a live replica always records its own outcome.
      leaseMs: config.deliveryTimeoutMs * 2 + 30_000,
      breaker: {
        failureThreshold: config.deliveryBreakerThreshold,
        baseCoolDownMs: config.deliveryBreakerCoolDownMs,
        maxCoolDownMs: Math.max(
          config.deliveryBreakerMaxCoolDownMs,
          config.deliveryBreakerCoolDownMs,
        ),
        // The others wait out the probe's time limit; its outcome moves them sooner or later.
        probeWaitMs: config.deliveryTimeoutMs + 1_000,
      },
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
    return {
      module: DeliveryModule,
      controllers: [DeliveriesAdminKafkaHandler],
      providers: [
        { provide: DELIVERY_SETTINGS, useValue: settings },
        { provide: MailTransport, useValue: mail },
        {
          provide: DeliverySender,
          inject: [MailTransport],
          useFactory: (transport: MailTransport) =>
            new ChannelDeliverySender(new HttpDeliverySender(guard, settings.timeoutMs), transport),
        },
        { provide: DeliveryStore, useClass: DeliveryRepository },
        { provide: AfterCommit, useClass: TypeormAfterCommit },
        DestinationBreakers,
        finalListener,
        { provide: DeliveryFinalListener, useExisting: finalListener },
        CreateDelivery,
        DeliveryMetrics,
        DeliveryScheduler,
        ListDeliveriesUseCase,
        ReplayDeliveryUseCase,
        { provide: DeliveryLogStore, useClass: DeliveryLogRepository },
        DeliveryLogUseCase,
        ResendDeadDeliveriesUseCase,
      ],
      exports: [CreateDelivery, finalListener],
    };
  }
}
