import { Module } from '@nestjs/common';
import { RecordUserUseCase } from './application/record-user.use-case';
import { UserDirectory } from './application/user-directory';
import { UserDirectoryRepository } from './infrastructure/user-directory.repository';
import { UserEventsKafkaHandler } from './interface/user-events.kafka.handler';

/** Payments' copy of the users it charges, fed by users-recurring's user events. */
@Module({
  controllers: [UserEventsKafkaHandler],
  providers: [{ provide: UserDirectory, useClass: UserDirectoryRepository }, RecordUserUseCase],
  // The charge finds who pays here (ADR 0065).
  exports: [UserDirectory],
})
export class UserModule {}
