import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import { SandboxDisputeV1Request, type SandboxDisputeV1, answer } from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { SandboxDisputeUseCase } from '../application/sandbox-dispute.use-case';

@Controller()
export class SandboxDisputeKafkaHandler {
  constructor(private readonly disputes: SandboxDisputeUseCase) {}

  @OnRequest(SandboxDisputeV1Request)
  dispute(@Payload() command: SandboxDisputeV1, @Ctx() context: MessageContext) {
    return answer(() => this.disputes.execute(context.transaction<UnitOfWork>(), command));
  }
}
