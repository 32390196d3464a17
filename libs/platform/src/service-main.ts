import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import type { DataSourceOptions } from 'typeorm';
import { exitOnConfigError, loadConfig } from '@opp/config';
import { runMigrations } from '@opp/persistence';
import { bootstrapService, type BootstrapOptions } from './bootstrap-service';

/** The body of every app's main.ts: read and validate config once, then start. */
export function startService<C extends object & { port: number }>(
  configClass: new () => C,
  moduleFor: (config: C) => DynamicModule,
  options: Omit<BootstrapOptions, 'port'> | ((config: C) => Omit<BootstrapOptions, 'port'>) = {},
): void {
  void exitOnConfigError(async () => {
    const config = loadConfig(configClass);
    const chosen = typeof options === 'function' ? options(config) : options;
    await bootstrapService(moduleFor(config), { ...chosen, port: config.port });
  });
}

/** The body of every app's migrate.ts (local start, compose, Kubernetes init container). */
export function migrateService<C extends object>(
  service: string,
  configClass: new () => C,
  databaseOptionsFor: (config: C) => DataSourceOptions,
): void {
  void exitOnConfigError(async () => {
    const applied = await runMigrations(databaseOptionsFor(loadConfig(configClass)));
    process.stdout.write(`${service}: ${applied.length} migration(s) applied\n`);
  });
}
