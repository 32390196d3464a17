import { startService } from '@opp/platform';
import { AppModule } from './app.module';
import { ProcessingOrchestratorConfig } from './config/processing-orchestrator.config';

startService(ProcessingOrchestratorConfig, (config) => AppModule.register(config));
