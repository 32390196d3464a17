import { migrateService } from '@opp/platform';
import { PayoutsConfig } from './config/payouts.config';
import { databaseOptions, SERVICE_NAME } from './database/database-options';

migrateService(SERVICE_NAME, PayoutsConfig, (config) => databaseOptions(config.databaseUrl));
