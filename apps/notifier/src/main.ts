import { startService } from '@opp/platform';
import { AppModule } from './app.module';
import { NotifierConfig } from './config/notifier.config';

startService(NotifierConfig, (config) => AppModule.register(config));
