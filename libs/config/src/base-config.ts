import {
  Equals,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { Env } from './env.decorator';
import { Holds, IsBrokerList, IsReadableFile } from './validators';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** pino's levels. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function devDatabaseUrl(database: string): string {
  return `postgres://postgres@127.0.0.1:5432/${database}`;
}

export const KAFKA_SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

export class RuntimeEnvConfig {
  /** Unset or anything but development/test reads as production (ADR 0061, loadConfig). */
  @Env('NODE_ENV', { default: 'production' })
  @IsIn(NODE_ENVS)
  nodeEnv: NodeEnv;

  @Env('LOG_LEVEL', { default: 'info' })
  @IsIn(LOG_LEVELS)
  logLevel: LogLevel;

  get isProduction(): boolean {
    return this.nodeEnv === 'production';
  }
}

export class KafkaEnvConfig extends RuntimeEnvConfig {
  @Env('KAFKA_BROKERS', { devDefault: '127.0.0.1:9092' })
  @IsBrokerList()
  kafkaBrokers: string[];

  /** Lets several stacks (e.g. parallel test runs) share one broker without seeing each other. */
  @Env('KAFKA_TOPIC_PREFIX', { default: '' })
  @Matches(/^[A-Za-z0-9._-]*$/, { message: '$property may hold only A-Z a-z 0-9 . _ -' })
  kafkaTopicPrefix: string;

  @Env('KAFKA_CLIENT_ID')
  @IsOptional()
  @IsString()
  kafkaClientId?: string;

  /** TLS to the brokers (a managed or production cluster); the system CAs unless KAFKA_SSL_CA_FILE. */
  @Env('KAFKA_SSL', { default: 'false' })
  @IsBoolean()
  kafkaSsl: boolean;

  /** PEM file of the CA that signed the brokers' certificates (a private cluster CA). */
  @Env('KAFKA_SSL_CA_FILE')
  @IsOptional()
  @IsReadableFile()
  @Holds((config: KafkaEnvConfig) => config.kafkaSsl, '$property needs KAFKA_SSL=true')
  kafkaSslCaFile?: string;

  /** Credentials never cross the network in clear in production: SASL there needs TLS. */
  @Env('KAFKA_SASL_MECHANISM')
  @IsOptional()
  @IsIn(KAFKA_SASL_MECHANISMS)
  @Holds(
    (config: KafkaEnvConfig) => config.kafkaSsl || config.nodeEnv !== 'production',
    '$property needs KAFKA_SSL=true in production',
  )
  kafkaSaslMechanism?: KafkaSaslMechanism;

  @Env('KAFKA_SASL_USERNAME')
  @ValidateIf((config: KafkaEnvConfig) => config.kafkaSaslMechanism !== undefined)
  @IsString()
  kafkaSaslUsername?: string;

  @Env('KAFKA_SASL_PASSWORD', { secret: true })
  @ValidateIf((config: KafkaEnvConfig) => config.kafkaSaslMechanism !== undefined)
  @IsString()
  kafkaSaslPassword?: string;

  /**
   * kafkajs' idempotent producer (one request in flight, broker-side dedupe of a retried batch):
   * on for a replicated cluster, where a leader change makes the producer retry (ADR 0022).
   * Consumers dedupe by message id either way (inbox).
   */
  @Env('KAFKA_PRODUCER_IDEMPOTENT', { default: 'false' })
  @IsBoolean()
  kafkaProducerIdempotent: boolean;
}

/**
 * What every service reads; a service's config extends it with its port and database URL. Keys
 * are not here: each service reads only the keys it uses (ADR 0063).
 */
export class ServiceBaseConfig extends KafkaEnvConfig {
  /**
   * Fault injection for tests: commits go on, nothing is relayed (the crash-recovery tests kill a
   * service in exactly that state). Refused in production.
   */
  @Env('OUTBOX_RELAY_PAUSED', { default: 'false' })
  @IsBoolean()
  @ValidateIf((config: RuntimeEnvConfig) => config.nodeEnv === 'production')
  @Equals(false, { message: '$property cannot be set in production' })
  outboxRelayPaused: boolean;

  /**
   * Named prepared statements (ADR 0065). `false` only behind a pooler in transaction mode that
   * cannot keep a connection's statements (PgBouncer before 1.21).
   */
  @Env('DATABASE_PREPARED_STATEMENTS', { default: 'true' })
  @IsBoolean()
  databasePreparedStatements: boolean;

  /** OTLP/HTTP base URL of a trace collector; tracing is off without it (docs/operations/tracing.md). */
  @Env('OTEL_EXPORTER_OTLP_ENDPOINT')
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  otelExporterOtlpEndpoint?: string;

  /** `service.name` on the spans; the service's own name when unset. */
  @Env('OTEL_SERVICE_NAME')
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{1,64}$/, { message: '$property may hold only A-Z a-z 0-9 . _ -' })
  otelServiceName?: string;

  /** How long finished spans wait before a batch is exported, ms. */
  @Env('OTEL_BSP_SCHEDULE_DELAY', { default: '5000' })
  @IsInt()
  @Min(10)
  @Max(60_000)
  otelExportDelayMs: number;
}
