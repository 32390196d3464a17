import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { UnitOfWork } from '@opp/persistence';
import {
  CancelRecurringV1Request,
  ChangeRecurringV1Request,
  StartRecurringChargeV1Request,
  type CancelRecurringV1,
  type ChangeRecurringV1,
  type StartRecurringChargeV1,
} from '@opp/contracts';
import { MessageContext, OnRequest } from '@opp/messaging';
import { CancelRecurringUseCase } from '../application/cancel-recurring/cancel-recurring.use-case';
import { ChangeRecurringUseCase } from '../application/change-recurring/change-recurring.use-case';
import { StartRecurringChargeUseCase } from '../application/charge-flow/start-recurring-charge.use-case';

/** The gateway's recurring requests (ADR 0012), each in its inbox transaction. */
@Controller()
export class RecurringSettingsKafkaHandler {
  constructor(
    private readonly changeRecurring: ChangeRecurringUseCase,
    private readonly cancelRecurring: CancelRecurringUseCase,
    private readonly startCharge: StartRecurringChargeUseCase,
  ) {}

  @OnRequest(ChangeRecurringV1Request)
  change(@Payload() command: ChangeRecurringV1, @Ctx() context: MessageContext) {
    return this.changeRecurring.execute(context.transaction<UnitOfWork>(), command);
  }

  @OnRequest(CancelRecurringV1Request)
  cancel(@Payload() command: CancelRecurringV1, @Ctx() context: MessageContext) {
    return this.cancelRecurring.execute(context.transaction<UnitOfWork>(), command);
  }

  /** POST /card/processRecurring: the recurring charge saga's command (ADR 0060). */
  @OnRequest(StartRecurringChargeV1Request)
  startRecurringCharge(@Payload() command: StartRecurringChargeV1, @Ctx() context: MessageContext) {
    return this.startCharge.execute(
      context.transaction<UnitOfWork>(),
      command,
      { kind: 'manual' },
      context.envelope.correlationId,
    );
  }
}
