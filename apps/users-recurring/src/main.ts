import { startService } from '@opp/platform';
import { AppModule } from './app.module';
import { UsersRecurringConfig } from './config/users-recurring.config';

startService(UsersRecurringConfig, (config) => AppModule.register(config));
