import { startService } from '@opp/platform';
import { AppModule } from './app.module';
import { PayoutsConfig } from './config/payouts.config';

startService(PayoutsConfig, (config) => AppModule.register(config));
