import { Module, type DynamicModule } from '@nestjs/common';
import { PlatformModule } from '@opp/platform';
import type { UsersRecurringConfig } from './config/users-recurring.config';
import { entities, migrations, SERVICE_NAME } from './database/database-options';
import { ResolveUserUseCase } from './user/application/resolve-user/resolve-user.use-case';
import { UserRepository } from './user/infrastructure/user.repository';
import { ResolveUserKafkaHandler } from './user/interface/resolve-user.kafka.handler';

@Module({})
export class AppModule {
  static register(config: UsersRecurringConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: SERVICE_NAME,
          config,
          databaseUrl: config.databaseUrl,
          entities,
          migrations,
        }),
      ],
      controllers: [ResolveUserKafkaHandler],
      providers: [UserRepository, ResolveUserUseCase],
    };
  }
}
