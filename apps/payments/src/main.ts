import { startService } from '@opp/platform';
import { AppModule } from './app.module';
import { PaymentsConfig } from './config/payments.config';

startService(PaymentsConfig, (config) => AppModule.register(config));
