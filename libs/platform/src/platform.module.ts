import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KeyRing } from '@opp/crypto';
import {
  KafkaConnection,
  KafkaTransport,
  MessageProducer,
  kafkaSecurityOptions,
} from '@opp/messaging';
import {
  databaseCheck,
  flagCheck,
  HealthModule,
  MetricsModule,
  MetricsRegistry,
  ObservabilityModule,
} from '@opp/observability';
import {
  OutboxRelay,
  OutboxRelayLifecycle,
  OutboxWriter,
  registerOutboxMetrics,
  TypeormInbox,
} from '@opp/outbox';
import {
  serviceDataSourceOptions,
  TransactionRunner,
  TypeormTransactionRunner,
} from '@opp/persistence';
import { PLATFORM_OPTIONS, type PlatformOptions, type ServiceDatabase } from './platform-options';

/** Disconnects the producer last, after the relay and the consumers have stopped. */
class ProducerLifecycle implements OnApplicationShutdown {
  constructor(private readonly producer: MessageProducer) {}
  async onApplicationShutdown(): Promise<void> {
    await this.producer.disconnect().catch(() => undefined);
  }
}

/**
 * What every service stands on: logs, health, metrics, its own database, the broker connection,
 * the outbox relay, the inbox and the Kafka transport. Each app imports it once with its own entities.
 */
@Global()
@Module({})
export class PlatformModule {
  /**
   * `forRoot` for an app: its database-options module (`import * as database`) and its config, whose
   * `databaseUrl` is the service's own database.
   */
  static forService(
    database: ServiceDatabase,
    config: PlatformOptions['config'] & { databaseUrl: string },
    more: Pick<PlatformOptions, 'healthChecks'> = {},
  ): DynamicModule {
    const { SERVICE_NAME: service, entities, migrations } = database;
    return PlatformModule.forRoot({
      service,
      config,
      databaseUrl: config.databaseUrl,
      entities,
      migrations,
      ...more,
    });
  }

  static forRoot(options: PlatformOptions): DynamicModule {
    const { config } = options;
    // The platform key ring only where the service's config reads it (ADR 0063).
    const secretsKeys = (config as { secretsKeys?: string }).secretsKeys;
    const keyRing = secretsKeys ? [{ provide: KeyRing, useValue: new KeyRing(secretsKeys) }] : [];
    return {
      module: PlatformModule,
      imports: [
        ObservabilityModule.forRoot({
          service: options.service,
          level: config.logLevel,
          tracing: {
            endpoint: config.otelExporterOtlpEndpoint,
            serviceName: config.otelServiceName,
            exportDelayMs: config.otelExportDelayMs,
          },
        }),
        MetricsModule.forRoot({ service: options.service }),
        TypeOrmModule.forRoot(
          serviceDataSourceOptions({
            service: options.service,
            url: options.databaseUrl,
            entities: options.entities,
            migrations: options.migrations,
            logLevel: config.logLevel,
            preparedStatements: config.databasePreparedStatements,
          }),
        ),
        HealthModule.forRootAsync({
          inject: [DataSource, KafkaTransport, ModuleRef],
          useFactory: (dataSource: DataSource, transport: KafkaTransport, moduleRef: ModuleRef) => [
            databaseCheck(dataSource),
            flagCheck('kafka', () => transport.ready, 'consumer not fetching from the broker'),
            ...(options.healthChecks?.(moduleRef) ?? []),
          ],
        }),
      ],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options },
        ...keyRing,
        {
          provide: KafkaConnection,
          useValue: new KafkaConnection({
            brokers: config.kafkaBrokers,
            clientId: config.kafkaClientId ?? options.service,
            topicPrefix: config.kafkaTopicPrefix,
            security: kafkaSecurityOptions(config),
            idempotentProducer: config.kafkaProducerIdempotent,
          }),
        },
        {
          provide: MessageProducer,
          inject: [KafkaConnection],
          useFactory: (connection: KafkaConnection) => new MessageProducer(connection),
        },
        {
          provide: ProducerLifecycle,
          inject: [MessageProducer],
          useFactory: (p: MessageProducer) => new ProducerLifecycle(p),
        },
        { provide: OutboxWriter, useValue: new OutboxWriter() },
        {
          provide: TransactionRunner,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new TypeormTransactionRunner(dataSource),
        },
        {
          provide: TypeormInbox,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new TypeormInbox(dataSource),
        },
        {
          provide: OutboxRelay,
          inject: [DataSource, MessageProducer, MetricsRegistry],
          useFactory: (dataSource: DataSource, producer: MessageProducer, m: MetricsRegistry) => {
            registerOutboxMetrics(m, dataSource);
            return new OutboxRelay(dataSource, producer, { databaseUrl: options.databaseUrl });
          },
        },
        {
          provide: OutboxRelayLifecycle,
          inject: [OutboxRelay],
          useFactory: (relay: OutboxRelay) =>
            new OutboxRelayLifecycle(relay, config.outboxRelayPaused),
        },
        {
          provide: KafkaTransport,
          inject: [KafkaConnection, MessageProducer, TypeormInbox, MetricsRegistry],
          useFactory: (
            connection: KafkaConnection,
            producer: MessageProducer,
            inbox: TypeormInbox,
            metrics: MetricsRegistry,
          ) => new KafkaTransport({ connection, producer, inbox, metrics, group: options.service }),
        },
      ],
      exports: [
        PLATFORM_OPTIONS,
        ...keyRing.map(({ provide }) => provide),
        KafkaConnection,
        MessageProducer,
        OutboxWriter,
        TransactionRunner,
        OutboxRelay,
        TypeormInbox,
        KafkaTransport,
      ],
    };
  }
}
