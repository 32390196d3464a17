import { DataSource, type Logger, type MigrationInterface } from 'typeorm';
import {
  databaseUrl,
  dropDatabases,
  ensureDatabases,
  provisionAdminAuditLog,
} from '@opp/local-stack';
import { testDatabaseAdminUrl } from './infra/test-env';

type Migration = new () => MigrationInterface;

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
    const adminUrl = testDatabaseAdminUrl();
    await dropDatabases(adminUrl, [name]);
    await ensureDatabases(adminUrl, [name]);
    // The gateway's migrations expect the audit table of the provisioning step (ADR 0061).
    await provisionAdminAuditLog(adminUrl, name);
    const dataSource = new DataSource({
      type: 'postgres',
      url: databaseUrl(adminUrl, name),
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
