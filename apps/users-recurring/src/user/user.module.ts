import { Module } from '@nestjs/common';
import { GetUserUseCase } from './application/get-user/get-user.use-case';
import { ResolveUserUseCase } from './application/resolve-user/resolve-user.use-case';
import { UserStore } from './application/user.store';
import { UserRepository } from './infrastructure/user.repository';
import { GetUserKafkaHandler } from './interface/get-user.kafka.handler';
import { ResolveUserKafkaHandler } from './interface/resolve-user.kafka.handler';

/** A project's users: resolved by the merchant's identifier, read by id. */
@Module({
  controllers: [ResolveUserKafkaHandler, GetUserKafkaHandler],
  providers: [{ provide: UserStore, useClass: UserRepository }, ResolveUserUseCase, GetUserUseCase],
  exports: [UserStore, ResolveUserUseCase, GetUserUseCase],
})
export class UserModule {}
