import { Env } from './env.decorator';
import { ServiceBaseConfig, devDatabaseUrl } from './base-config';
import { IsPort, IsPostgresUrl } from './validators';

/**
 * The config base of one service: everything every service reads, plus its own port and database
 * (`<PREFIX>_PORT`, `<PREFIX>_DATABASE_URL`), so that one environment can hold all six services'.
 * Use: `export class PaymentsConfig extends serviceConfig('PAYMENTS', 3002, 'opp_payments') {}`.
 */
export function serviceConfig(prefix: string, defaultPort: number, devDatabase: string) {
  class ServiceConfig extends ServiceBaseConfig {
    @Env(`${prefix}_PORT`, { default: String(defaultPort) })
    @IsPort()
    port: number;

    @Env(`${prefix}_DATABASE_URL`, { secret: true, devDefault: devDatabaseUrl(devDatabase) })
    @IsPostgresUrl()
    databaseUrl: string;
  }
  return ServiceConfig;
}
