import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import {
  AuthenticateChargeV1Request,
  ProcessChargeV1Request,
  type AuthenticateChargeV1,
  type ProcessChargeV1,
  answer,
} from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { AuthenticateChargeUseCase } from '../application/authenticate-charge/authenticate-charge.use-case';
import { ProcessChargeUseCase } from '../application/process-charge/process-charge.use-case';
import { transactionRecordOf } from '../application/transaction-views';

@Controller()
export class ChargeKafkaHandler {
  constructor(
    @Inject(ProcessChargeUseCase) private readonly processCharge: ProcessChargeUseCase,
    @Inject(AuthenticateChargeUseCase) private readonly authenticate: AuthenticateChargeUseCase,
  ) {}

  @OnRequest(ProcessChargeV1Request)
  process(@Payload() command: ProcessChargeV1, @Ctx() context: MessageContext) {
    return answer(async () =>
      transactionRecordOf(
        await this.processCharge.execute(context.transaction<UnitOfWork>(), command),
      ),
    );
  }

  @OnRequest(AuthenticateChargeV1Request)
  authenticateCharge(@Payload() command: AuthenticateChargeV1, @Ctx() context: MessageContext) {
    return answer(async () =>
      transactionRecordOf(
        await this.authenticate.execute(context.transaction<UnitOfWork>(), command),
      ),
    );
  }
}
