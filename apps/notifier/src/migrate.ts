import { migrateService } from '@opp/platform';
import { NotifierConfig } from './config/notifier.config';
import { databaseOptions, SERVICE_NAME } from './database/database-options';

migrateService(SERVICE_NAME, NotifierConfig, (config) => databaseOptions(config.databaseUrl));
