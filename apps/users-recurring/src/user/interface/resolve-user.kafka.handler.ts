import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { ResolveUserV1Request, type ResolveUserV1 } from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { ResolveUserUseCase } from '../application/resolve-user/resolve-user.use-case';

@Controller()
export class ResolveUserKafkaHandler {
  constructor(private readonly resolveUser: ResolveUserUseCase) {}

  @OnRequest(ResolveUserV1Request)
  handle(@Payload() command: ResolveUserV1, @Ctx() context: MessageContext) {
    return this.resolveUser.execute(
      context.transaction<UnitOfWork>(),
      command,
      context.envelope.correlationId,
    );
  }
}
