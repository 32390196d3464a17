import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { UserCreatedV1Message, type UserCreatedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import type { UnitOfWork } from '@opp/persistence';
import { RecordUserUseCase } from '../application/record-user.use-case';

/** Applies user events to the local read model, once each (inbox transaction). */
@Controller()
export class UserEventsKafkaHandler {
  constructor(private readonly recordUser: RecordUserUseCase) {}

  @OnMessage(UserCreatedV1Message)
  async userCreated(
    @Payload() event: UserCreatedV1,
    @Ctx() context: MessageContext,
  ): Promise<void> {
    await this.recordUser.execute(context.transaction<UnitOfWork>(), event);
  }
}
