import { migrateService } from '@opp/platform';
import { PaymentsConfig } from './config/payments.config';
import { databaseOptions, SERVICE_NAME } from './database/database-options';

migrateService(SERVICE_NAME, PaymentsConfig, (config) => databaseOptions(config.databaseUrl));
