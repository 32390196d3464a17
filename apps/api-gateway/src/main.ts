import { startService } from '@opp/platform';
import { AppModule } from './app.module';
import { GatewayConfig } from './config/gateway.config';
import { configureGatewayHttp } from './http/interface/configure-http';

startService(
  GatewayConfig,
  (config) => AppModule.register(config),
  (config) => ({
    trustedProxies: config.trustedProxies,
    configureHttp: (app) => configureGatewayHttp(app, config),
  }),
);
