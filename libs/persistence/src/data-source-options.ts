import type { DataSourceOptions, MigrationInterface } from 'typeorm';
import type { LevelWithSilent } from 'pino';
import { createLogger } from '@opp/observability';
import { InboxMessageOrmEntity, OutboxMessageOrmEntity, outboxMigrations } from '@opp/outbox';
import { withConnectionSettings } from './connection-settings';
import { PreparingClient } from './preparing-client';
import { QuerySpanSubscriber } from './query-spans';
import { TypeormPinoLogger } from './typeorm-pino-logger';

type Constructor<T> = new (...args: never[]) => T;

export interface ServiceDatabaseOptions {
  service: string;
  url: string;
  entities: Constructor<unknown>[];
  migrations: Constructor<MigrationInterface>[];
  poolSize?: number;
  /** Level of TypeORM's log lines (the service's LOG_LEVEL); `info` when not given. */
  logLevel?: LevelWithSilent;
  /** Named prepared statements (ADR 0065); off only behind a pooler that cannot keep them. */
  preparedStatements?: boolean;
}

/**
 * Prepared statements keep one generic plan per connection (ADR 0065). PostgreSQL's default
 * planned our array statements afresh on every execution: it prices a generic plan for an
 * `unnest($1)` of unknown length above a custom one for the array it is given, so it never
 * switches. Their plans are key lookups whatever the arrays' lengths.
 */
const GENERIC_PLANS = { plan_cache_mode: 'force_generic_plan' };

/**
 * Every service's TypeORM options: its own database, schema by migrations only (never synchronize),
 * the shared outbox and inbox tables included.
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  const prepared = options.preparedStatements !== false;
  return {
    type: 'postgres',
    url: prepared ? withConnectionSettings(options.url, GENERIC_PLANS) : options.url,
    applicationName: options.service,
    entities: [...options.entities, OutboxMessageOrmEntity, InboxMessageOrmEntity],
    migrations: [...outboxMigrations, ...options.migrations],
    // A span per statement while tracing is on (QuerySpanSubscriber).
    subscribers: [QuerySpanSubscriber],
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logger: new TypeormPinoLogger(
      createLogger({ service: options.service, level: options.logLevel ?? 'info' }),
    ),
    extra: {
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      ...(prepared ? { Client: PreparingClient } : {}),
    },
  };
}
