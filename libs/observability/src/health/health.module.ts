import {
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OptionalFactoryDependency,
} from '@nestjs/common';
import type { HealthCheck } from './health-check';
import { HEALTH_OPTIONS, type HealthOptions } from './health-options';
import { HealthHttpController } from './health.http.controller';

export interface HealthAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** Providers to resolve, e.g. TypeORM's DataSource, a Kafka consumer's state. */
  inject?: (InjectionToken | OptionalFactoryDependency)[];
  // never[]: any factory signature is accepted, e.g. (dataSource: DataSource) => [...]
  useFactory: (...deps: never[]) => HealthCheck[] | Promise<HealthCheck[]>;
  timeoutMs?: number;
}

/** GET /health/live and GET /health/ready. */
@Module({})
export class HealthModule {
  static forRoot(options: HealthOptions): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthHttpController],
      providers: [{ provide: HEALTH_OPTIONS, useValue: options }],
    };
  }

  /** For checks built from injected providers (the DataSource exists only inside the DI graph). */
  static forRootAsync(options: HealthAsyncOptions): DynamicModule {
    return {
      module: HealthModule,
      imports: options.imports ?? [],
      controllers: [HealthHttpController],
      providers: [
        {
          provide: HEALTH_OPTIONS,
          inject: options.inject ?? [],
          useFactory: async (...deps: never[]): Promise<HealthOptions> => ({
            checks: await options.useFactory(...deps),
            timeoutMs: options.timeoutMs,
          }),
        },
      ],
    };
  }
}
