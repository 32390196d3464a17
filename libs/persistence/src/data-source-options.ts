import type { DataSourceOptions, MigrationInterface } from 'typeorm';
import {
  InboxMessageOrmEntity,
  OutboxMessageOrmEntity,
  OutboxSchema1763700000000,
  OutboxTraceContext1763700000010,
} from '@opp/outbox';

type Constructor<T> = new (...args: never[]) => T;

export interface ServiceDatabaseOptions {
  service: string;
  url: string;
  entities: Constructor<unknown>[];
  migrations: Constructor<MigrationInterface>[];
  poolSize?: number;
}

/**
 * Every service's TypeORM options: its own database, schema by migrations only (never synchronize),
 * the shared outbox and inbox tables included.
 */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    applicationName: options.service,
    entities: [...options.entities, OutboxMessageOrmEntity, InboxMessageOrmEntity],
    migrations: [OutboxSchema1763700000000, OutboxTraceContext1763700000010, ...options.migrations],
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: { max: options.poolSize ?? 10, connectionTimeoutMillis: 5000 },
  };
}
