import { DataSource, type Logger, type MigrationInterface } from 'typeorm';
import {
  databaseUrl,
  dropDatabases,
  ensureDatabases,
  provisionAdminAuditLog,
} from '@opp/local-stack';
import { testDatabaseAdminUrl } from './infra/test-env';

type Migration = new () => MigrationInterface;

/** A test's own database, dropped if a run before left it and created empty: its URL. */
export async function freshTestDatabase(name: string): Promise<string> {
  const adminUrl = testDatabaseAdminUrl();
  await dropDatabases(adminUrl, [name]);
  await ensureDatabases(adminUrl, [name]);
  return databaseUrl(adminUrl, name);
}

/**
 * A repository test's own database: created fresh, migrated, behind a small pool; `drop` closes
 * the pool and removes the database again.
 */
export class MigratedTestDatabase {
  private constructor(
    readonly dataSource: DataSource,
    readonly name: string,
  ) {}

  static async create(
    name: string,
    migrations: Migration[],
    options: { logger?: Logger } = {},
  ): Promise<MigratedTestDatabase> {
    const url = await freshTestDatabase(name);
    // The gateway's migrations expect the audit table of the provisioning step (ADR 0061).
    await provisionAdminAuditLog(testDatabaseAdminUrl(), name);
    const dataSource = new DataSource({
      type: 'postgres',
      url,
      migrations,
      extra: { max: 4 },
      logger: options.logger,
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    return new MigratedTestDatabase(dataSource, name);
  }

  async drop(): Promise<void> {
    await this.dataSource.destroy();
    await dropDatabases(testDatabaseAdminUrl(), [this.name]);
  }
}
