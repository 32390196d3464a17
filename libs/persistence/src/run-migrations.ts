import { DataSource, type DataSourceOptions } from 'typeorm';

/** Replicas starting together (init containers) must not apply the same migration twice. */
const MIGRATION_LOCK = 0x6d696772; // "migr"

/**
 * Applies pending migrations and exits: the body of every app's `migrate.ts`, run by `npm start`,
 * by the Kubernetes init container and by compose before the service starts.
 */
export async function runMigrations(options: DataSourceOptions): Promise<string[]> {
  const dataSource = new DataSource(withoutPreparing(options));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}

/**
 * pg's own client for migrations: each of their statements runs once, so preparing gains nothing
 * (ADR 0065), and the migrate job then works behind any pooler whatever the service's setting.
 */
function withoutPreparing(options: DataSourceOptions): DataSourceOptions {
  const extra = { ...(options.extra as Record<string, unknown> | undefined) };
  delete extra.Client;
  return { ...options, extra };
}
