import { migrateService } from '@opp/platform';
import { UsersRecurringConfig } from './config/users-recurring.config';
import { databaseOptions, SERVICE_NAME } from './database/database-options';

migrateService(SERVICE_NAME, UsersRecurringConfig, (config) => databaseOptions(config.databaseUrl));
