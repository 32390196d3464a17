import { migrateService } from '@opp/platform';
import { GatewayMigrationConfig } from './config/gateway.config';
import { databaseOptions, SERVICE_NAME } from './database/database-options';

migrateService(SERVICE_NAME, GatewayMigrationConfig, (config) =>
  databaseOptions(config.databaseUrl),
);
