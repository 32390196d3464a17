import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import { UserCreatedV1Message, type UserCreatedV1 } from '@opp/contracts';
import { MessageContext, OnMessage } from '@opp/messaging';
import { UserReadModelOrmEntity } from '../infrastructure/user-read-model.orm-entity';

/** Applies user events to the local read model, once each (inbox transaction). */
@Controller()
export class UserEventsKafkaHandler {
  @OnMessage(UserCreatedV1Message)
  async userCreated(
    @Payload() event: UserCreatedV1,
    @Ctx() context: MessageContext,
  ): Promise<void> {
    const tx = context.transaction<EntityManager>();
    await tx.upsert(
      UserReadModelOrmEntity,
      {
        id: event.id,
        projectId: event.projectId,
        identifier: event.identifier,
        displayName: event.displayName ?? null,
        email: event.email ?? null,
        phone: event.phone ?? null,
        locale: event.locale ?? null,
        ip: event.ip ?? null,
        createdAt: new Date(event.createdAt),
      },
      ['id'],
    );
  }
}
