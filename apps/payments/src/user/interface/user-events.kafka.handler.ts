import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { UserCreatedV1Message, type UserCreatedV1 } from '@opp/contracts';
import { OnMessages } from '@opp/messaging';
import { autocommitWork } from '@opp/persistence';
import { RecordUserUseCase } from '../application/record-user.use-case';

/**
 * Applies user events to the local read model. A user event replaces what is known of its user, so
 * applying one twice changes nothing: no inbox record, and a fetched run of them is one upsert that
 * commits by itself (ADR 0065).
 */
@Controller()
export class UserEventsKafkaHandler {
  constructor(
    private readonly recordUser: RecordUserUseCase,
    private readonly dataSource: DataSource,
  ) {}

  @OnMessages(UserCreatedV1Message)
  async usersCreated(@Payload() users: UserCreatedV1[]): Promise<void> {
    await this.recordUser.execute(autocommitWork(this.dataSource), users);
  }
}
