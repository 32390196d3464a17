import type { ModuleRef } from '@nestjs/core';
import type { MigrationInterface } from 'typeorm';
import type { ServiceBaseConfig } from '@opp/config';
import type { HealthCheck } from '@opp/observability';

type Constructor<T> = new (...args: never[]) => T;

export interface PlatformOptions {
  /** The service's name: Kafka client id, consumer group and inbox consumer name. */
  service: string;
  config: ServiceBaseConfig;
  databaseUrl: string;
  entities: Constructor<unknown>[];
  migrations: Constructor<MigrationInterface>[];
  /** Readiness checks beyond the database and the Kafka consumer (e.g. the gateway's replies). */
  healthChecks?: (moduleRef: ModuleRef) => HealthCheck[];
}

/** What an app's `database/database-options.ts` exports: its name, entities and migrations. */
export interface ServiceDatabase {
  readonly SERVICE_NAME: string;
  readonly entities: Constructor<unknown>[];
  readonly migrations: Constructor<MigrationInterface>[];
}

export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');
