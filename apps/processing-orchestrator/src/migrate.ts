import { migrateService } from '@opp/platform';
import { ProcessingOrchestratorConfig } from './config/processing-orchestrator.config';
import { databaseOptions, SERVICE_NAME } from './database/database-options';

migrateService(SERVICE_NAME, ProcessingOrchestratorConfig, (config) =>
  databaseOptions(config.databaseUrl),
);
