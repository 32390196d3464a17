import { migrateService } from '@opp/platform';
import { GatewayConfig } from './config/gateway.config';
import { databaseOptions, SERVICE_NAME } from './database/database-options';

migrateService(SERVICE_NAME, GatewayConfig, (config) => databaseOptions(config.databaseUrl));
